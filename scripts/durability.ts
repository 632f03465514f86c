/**
 * Durability: acknowledged writes are never lost when the server is killed with
 * SIGKILL. Each round starts the real server on the same database file, signs in, sends favorites from
 * several concurrent writers, kills the process with kill -9 at a random moment while writes are in flight,
 * restarts it and checks that every favorite the server acknowledged (201) is there. Prints the figures;
 * exits 1 if any acknowledged write is missing.
 *
 *   npm run durability                 # 5 rounds
 *   npm run durability -- --short      # 2 rounds (CI)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshDatabase } from "../db/testing-template";
import { cookieOf, freePort, startServer } from "./lib/server";

const short = process.argv.includes("--short") || process.env.DURABILITY_SHORT === "1";
const roundsArg = process.argv.indexOf("--rounds");
const rounds = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : short ? 2 : 5;
const dir = mkdtempSync(join(tmpdir(), "localscope-durability-"));
// The base template when `npm test` built one (migrated, cities imported; decision 029), else an empty file.
const databaseFile = freshDatabase(dir, "durable.db");
const env = { RATE_LIMIT_WRITES_PER_MINUTE: "1000000", RATE_LIMIT_AUTH_PER_MINUTE: "1000000" };
const password = "blue-Harbor-lantern-42";
const emailOf = (round: number) => `durable-${round}@example.com`;

/** Acknowledged item ids per round (each round writes as its own account: an account keeps at most 1,000 favorites). */
const acknowledged = new Map<number, Set<string>>();
/**
 * Each round's session cookie: sessions live in the database, so a restarted server still knows them. Signing
 * in again for every earlier round once per round used up the sign-in limit (10 a minute per address, kept in
 * the database) by round 5: 429.
 */
const cookies = new Map<number, string>();
/** The server of the moment: killed whatever happens (an error, Ctrl-C), never left running. */
let running: ReturnType<typeof Bun.spawn> | undefined;
const stopRunning = () => {
  if (running && running.exitCode === null) running.kill(9);
};
/** Interrupted: the server is killed and gone (its exit seen) before this process exits. */
const stopAndExit = async (code: number) => {
  const server = running;
  stopRunning();
  await server?.exited;
  process.exit(code);
};
process.on("SIGINT", () => void stopAndExit(130));
process.on("SIGTERM", () => void stopAndExit(143));
const ackCount = () => [...acknowledged.values()].reduce((n, s) => n + s.size, 0);
async function missingAfterKill(base: string): Promise<string[]> {
  const missing: string[] = [];
  for (const [round, ids] of acknowledged) {
    const answer = await fetch(`${base}/api/favorites`, { headers: { cookie: cookies.get(round)! } });
    if (!answer.ok) throw new Error(`round ${round}'s favorites answered ${answer.status}`);
    const list = (await answer.json()) as Array<{ itemId: string }>;
    const present = new Set(list.map((f) => f.itemId));
    for (const id of ids) if (!present.has(id)) missing.push(id);
  }
  return missing;
}
/** The server on the round's database, known as `running` from its spawn (an interrupt while it starts stops it). */
const start = async () =>
  startServer({
    port: await freePort(),
    databaseFile,
    env,
    onSpawn: (spawned) => {
      running = spawned;
    },
  });
let attempted = 0;
let lost = 0;
try {
  for (let round = 1; round <= rounds; round++) {
    const { proc, base } = await start();
    running = proc;
    const signIn = await fetch(`${base}/api/auth/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: emailOf(round), password, username: "Durable" }),
    });
    if (!signIn.ok) throw new Error(`sign-in answered ${signIn.status}`);
    const cookie = cookieOf(signIn);
    cookies.set(round, cookie);

    // Check what earlier rounds acknowledged survived the kill.
    if (round > 1) {
      const missing = await missingAfterKill(base);
      lost = missing.length;
      console.log(
        `round ${round}: after kill -9, ${ackCount() - missing.length}/${ackCount()} acknowledged favorites present${missing.length ? ` — MISSING: ${missing.slice(0, 5).join(", ")}` : ""}`,
      );
    }
    const mine = new Set<string>();
    acknowledged.set(round, mine);

    // Writers: each sends favorites one after another until the process dies.
    let alive = true;
    const writer = async (w: number) => {
      for (let i = 0; alive; i++) {
        const itemId = `r${round}-w${w}-${i}`;
        attempted++;
        try {
          const response = await fetch(`${base}/api/favorites`, {
            method: "POST",
            headers: { cookie, "content-type": "application/json" },
            body: JSON.stringify({ itemType: "city", itemId, itemData: JSON.stringify({ round, w, i }) }),
          });
          if (response.status === 201 || response.status === 200) mine.add(itemId);
          else if (response.status === 409) return; // the per-user favorites cap: this writer is done
        } catch {
          return; // the server died under us: this write was never acknowledged
        }
      }
    };
    const writers = Array.from({ length: 8 }, (_, w) => writer(w));
    await Bun.sleep(300 + Math.random() * 700);
    proc.kill(9);
    alive = false;
    await proc.exited;
    await Promise.all(writers);
    console.log(
      `round ${round}: killed with SIGKILL mid-write; ${mine.size} favorites acknowledged this round (${ackCount()} in all, ${attempted} attempted)`,
    );
  }
  // Last check after the final kill.
  const { proc, base } = await start();
  running = proc;
  try {
    const missing = await missingAfterKill(base);
    lost = missing.length;
    console.log(
      `final: ${ackCount() - missing.length}/${ackCount()} acknowledged favorites present after ${rounds} kill -9 rounds`,
    );
  } finally {
    proc.kill();
    await proc.exited;
  }
} finally {
  stopRunning();
  rmSync(dir, { recursive: true, force: true });
}
console.log(
  lost === 0 ? "durability: PASS (no acknowledged write lost)" : `durability: FAIL (${lost} acknowledged writes lost)`,
);
process.exit(lost === 0 ? 0 : 1);
