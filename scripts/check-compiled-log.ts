/**
 * Checks that the compiled binary (npm run compile → dist/localscope) writes the request log through its
 * writer thread (modules/traffic/writer-worker.ts, the executable's second entry point): starts the binary
 * from an empty folder on a fresh database, sends requests, and passes when (1) every request is in the log
 * and (2) the server never said it fell back to writing in its own thread (it says so whenever the Worker
 * cannot start, cannot open the database or fails). Compiling takes a while, so this is a script, not a test.
 * Usage: npm run compile && bun scripts/check-compiled-log.ts [--port 4130] [--requests 30]
 */
import { createClient } from "@libsql/client";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { arg } from "./lib/args";
import { freePort, root } from "./lib/server";

const binary = join(root, "dist/localscope");
if (!existsSync(binary)) throw new Error(`${binary} is missing: run npm run compile first`);
const port = arg("port", 0) || (await freePort());
const requests = arg("requests", 30);
const dir = mkdtempSync(join(tmpdir(), "localscope-compiled-log-"));
const databaseUrl = `file:${join(dir, "check.db")}`;
const proc = Bun.spawn([binary], {
  cwd: dir,
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    DATABASE_URL: databaseUrl,
    PLACES_BACKGROUND_IMPORT: "off",
    TRAFFIC_LOG: "true",
  },
  stdout: "ignore",
  stderr: "pipe",
});
const base = `http://127.0.0.1:${port}`;
let failed = "";
try {
  let up = false;
  for (let i = 0; i < 600 && !up; i++) {
    if (proc.exitCode !== null) throw new Error(`the binary exited with ${proc.exitCode}`);
    up = await fetch(`${base}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (!up) await Bun.sleep(100);
  }
  if (!up) throw new Error("the binary did not answer /healthz within 60 s");
  for (let i = 0; i < requests; i++)
    await (await fetch(`${base}/about?n=${i}`, { headers: { "user-agent": "check-compiled-log" } })).arrayBuffer();
  await Bun.sleep(2_500); // a flush every second
} finally {
  proc.kill("SIGTERM");
  await proc.exited;
}
const stderr = await new Response(proc.stderr).text();
const client = createClient({ url: databaseUrl });
const { rows } = await client.execute("SELECT coalesce(sum(count), 0) AS n FROM traffic_segments");
client.close();
const logged = Number(rows[0]!.n);
if (logged < requests) failed += `only ${logged} of ${requests} requests were logged\n`;
if (/writer thread/.test(stderr))
  failed += `the server wrote the log in its own thread:\n${stderr
    .split("\n")
    .filter((l) => /traffic/.test(l))
    .join("\n")}\n`;
rmSync(dir, { recursive: true, force: true });
if (failed) {
  console.error(`FAIL: ${failed}`);
  process.exit(1);
}
console.log(
  `OK: the compiled binary logged all ${requests} requests (${logged} rows, /about) through its writer thread (no fallback to the server's thread).`,
);
