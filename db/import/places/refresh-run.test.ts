/**
 * `import:osm -- --states DE,RI,VT` against loopback extracts: a bar for the run and for each state, a summary
 * table, and a run interrupted during its second state resumes after the first when started again.
 */
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { openDatabase } from "../../client";
import { importCities } from "../cities";
import { migrate } from "../../migrate";
import { freshDatabase, testDir } from "../../testing-template";
import { summaryTable } from "./refresh-run";

const root = join(import.meta.dir, "../../..");
const dir = testDir("ls-run-");
const STATES = ["DE", "RI", "VT"];
const slug: Record<string, string> = {};
let gate: { open: () => void; opened: Promise<void> } = newGate();
function newGate() {
  let open = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}
const extracts = new Map<string, string>();
/** Serves /us/{state}.osm.pbf; Rhode Island's answer waits for the gate (the moment a test interrupts the run). */
const server = Bun.serve({
  hostname: "127.0.0.1",
  port: 0,
  async fetch(request) {
    const name = new URL(request.url).pathname.replace(/^\/us\//, "").replace(/\.osm\.pbf$/, "");
    const file = extracts.get(name);
    if (!file) return new Response("not found", { status: 404 });
    if (name === "rhode-island") await gate.opened;
    return new Response(readFileSync(file));
  },
});
afterAll(() => server.stop(true));

/** One museum at the state's most populous city (from the cities we ship). */
async function buildExtracts(databaseFile: string) {
  const database = await openDatabase(`file:${databaseFile}`);
  for (const st of STATES) {
    const city = (
      await database.client.execute({
        sql: "SELECT name, state_name, latitude, longitude FROM cities WHERE state_code = ? ORDER BY population DESC LIMIT 1",
        args: [st],
      })
    ).rows[0]!;
    slug[st] = String(city.state_name)
      .toLowerCase()
      .replace(/[^a-z]+/g, "-");
    const xml = join(dir, `${st}.osm`);
    writeFileSync(
      xml,
      `<?xml version="1.0" encoding="UTF-8"?><osm version="0.6" generator="test"><node id="${STATES.indexOf(st) + 1}" version="1" lat="${city.latitude}" lon="${city.longitude}"><tag k="tourism" v="museum"/><tag k="name" v="Run Museum of ${city.name}"/></node></osm>`,
    );
    const pbf = join(dir, `${st}.osm.pbf`);
    const convert = Bun.spawnSync([
      "osmium",
      "cat",
      xml,
      "--output-header=osmosis_replication_timestamp=2025-11-01T00:00:00Z",
      "-o",
      pbf,
      "-O",
    ]);
    if (convert.exitCode !== 0) throw new Error(convert.stderr.toString());
    extracts.set(slug[st]!, pbf);
  }
  database.close();
}

function start(databaseFile: string) {
  return Bun.spawn([process.execPath, join(root, "scripts/import-osm.ts"), "--states", STATES.join(",")], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: `file:${databaseFile}`,
      PLACES_BACKGROUND_IMPORT: "off",
      OSM_EXTRACT_URL: `http://127.0.0.1:${server.port}/us/{state}.osm.pbf`,
    },
    stdout: "pipe",
    stderr: "pipe",
  });
}

/** Read the process's output until `until` matches it. */
async function readUntil(stream: ReadableStream<Uint8Array>, until: RegExp): Promise<string> {
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  while (!until.test(text)) {
    const { value, done } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  reader.releaseLock();
  return text;
}

describe("import:osm --states", () => {
  test("three states: progress, an interrupt during the second, a resume that finishes with the summary", async () => {
    const db = freshDatabase(dir, "run.db");
    // The cities we ship (the base template has them; without one they are imported here).
    const seed = await openDatabase(`file:${db}`);
    await migrate(seed.client);
    await importCities(seed, { log: () => {} });
    seed.close();
    await buildExtracts(db);

    gate = newGate();
    const first = start(db);
    const before = await readUntil(first.stdout, /Run \[[#-]+\] +33 % 1 of 3 states · RI/);
    expect(before).toContain("Run [------------------------]   0 % 0 of 3 states · DE (Delaware)");
    expect(before).toMatch(/DE Download \[#+\] 100 %/);
    expect(before).toContain("OpenStreetMap DE (data of 2025-11-01): 1 new");
    first.kill("SIGKILL");
    await first.exited;
    gate.open();

    const second = start(db);
    const [out, err, code] = await Promise.all([
      new Response(second.stdout).text(),
      new Response(second.stderr).text(),
      second.exited,
    ]);
    expect({ code, err }).toEqual({ code: 0, err: "" });
    expect(out).toContain("Resuming: 1 of 3 states already done");
    expect(out).not.toContain("OpenStreetMap DE (data of");
    expect(out).toContain("OpenStreetMap RI (data of 2025-11-01): 1 new");
    expect(out).toContain("OpenStreetMap VT (data of 2025-11-01): 1 new");
    expect(out).toContain("Run [########################] 100 % 3 of 3 states");
    expect(out).toMatch(/State +Added +Replaced +Removed +Time +Result/);
    for (const st of STATES) expect(out).toMatch(new RegExp(`\\n${st} +1 +0 +0 +[\\d.]+ s +ok`));
    expect(out).toMatch(/\nAll +3 +0 +0 +[\d.]+ s +ok/);

    const database = await openDatabase(`file:${db}`);
    const rows = (
      await database.client.execute(
        "SELECT state_code FROM places WHERE source = 'osm' AND title LIKE 'Run Museum of %' ORDER BY 1",
      )
    ).rows;
    const run = (await database.client.execute("SELECT 1 FROM data_imports WHERE dataset = 'refresh-run:osm'")).rows;
    database.close();
    expect(rows.map((r) => r.state_code)).toEqual(STATES);
    expect(run).toEqual([]); // the finished run leaves no record: the next starts afresh
  }, 600_000);

  test("the summary table: a refused state shows why, the totals count the others", () => {
    expect(
      summaryTable([
        { stateCode: "TX", added: 1200, replaced: 30, removed: 4, seconds: 12.34 },
        { stateCode: "NM", added: 0, replaced: 0, removed: 0, seconds: 1, error: "Refused" },
      ]),
    ).toBe(
      [
        "State  Added  Replaced  Removed    Time  Result",
        "-----  -----  --------  -------  ------  ---------------",
        "TX     1,200        30        4  12.3 s  ok",
        "NM         —         —        —   1.0 s  Refused",
        "All    1,200        30        4  13.3 s  1 not refreshed",
      ].join("\n"),
    );
  });
});
