/**
 * The LocalScope servers the browser tests talk to (decisions 025, 029): global setup puts the template
 * database (cities and the states the tests browse already imported, scripts/test-template.ts) in
 * TEMPLATE_DIR, copies it once per worker slot and starts that slot's server on E2E_PORT + 1 + the slot's
 * parallel index, for the whole run. Workers running side by side therefore never share a database, a
 * rate-limit bucket or a cache; a worker that replaces another in the same slot reuses its server (and its
 * database, as the tests of one worker always shared theirs). The state imports happen once per run.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, existsSync, mkdirSync, openSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));
export const BASE_PORT = Number(process.env.E2E_PORT ?? 3199);
export const TEMPLATE_DIR = join(root, ".tmp", `e2e-${BASE_PORT}`, "template");

/**
 * The cities the browser tests browse or switch to; their states are in the template (scripts/test-template.ts
 * imports them), and each worker's server is told they are ready before the first test (`statesReady`).
 */
export const BROWSED_CITIES = [
  ["Las Vegas", "NV"],
  ["Alzada", "MT"],
  ["New York", "NY"],
  ["Boston", "MA"],
  ["Pittsburgh", "PA"],
  ["Springfield", "IL"],
  ["West Yellowstone", "MT"],
  // City stories (e2e/stories.e2e.ts).
  ["Savannah", "GA"],
  ["Abbeville", "AL"],
] as const;

/**
 * A new server knows a state is in only once something asks for it: until then its first page for the state
 * renders skeletons and the browser loads the lists. Ask for each browsed state once (status is a single
 * query when the state is imported), so no test depends on an earlier test having visited its state.
 */
export async function statesReady(url: string) {
  const deadline = Date.now() + 60_000;
  for (const [city, state] of BROWSED_CITIES) {
    for (;;) {
      const response = await fetch(`${url}/api/places/status?city=${encodeURIComponent(city)}&state=${state}`);
      if (response.ok && ((await response.json()) as { ready: boolean }).ready) break;
      if (Date.now() > deadline) throw new Error(`${state}'s places were not ready on ${url} within 60 s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/**
 * The first client retry waits this long instead of 1 s (then doubling: 50, 100, 200 ms), so the error-path
 * tests do not sit out 7 s of real back-off each. One test strips it and proves the real 1 + 2 + 4 s.
 */
export const TEST_RETRY_BASE_MS = "50";

export interface RunningServer {
  url: string;
  stop: () => Promise<void>;
}

/** Start `bun src/server.ts` on `port` with the database under `dir`; resolves once /healthz answers. */
export async function startServer(
  port: number,
  dir: string,
  extraEnv: Record<string, string> = {},
): Promise<RunningServer> {
  mkdirSync(dir, { recursive: true });
  // Another server on the port would answer this one's /healthz, and the tests would run against it (its code,
  // its database) while this one exits with EADDRINUSE.
  const before = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) }).catch(
    () => null,
  );
  if (before)
    throw new Error(
      `port ${port} already has a server (HTTP ${before.status}): one left running by an earlier run? Stop it, or pick another E2E_PORT`,
    );
  const log = openSync(join(dir, "server.log"), "a");
  const child: ChildProcess = spawn(join(root, "node_modules/.bin/bun"), ["src/server.ts"], {
    cwd: root,
    stdio: ["ignore", log, log],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      NODE_ENV: "test",
      DATABASE_URL: `file:${join(dir, "localscope.db")}`,
      TEST_RETRY_BASE_MS,
      // The tests give each browser its own client address (X-Forwarded-For) from this host, and write a lot.
      TRUSTED_PROXIES: "127.0.0.1,::1",
      RATE_LIMIT_WRITES_PER_MINUTE: "100000",
      RATE_LIMIT_AUTH_PER_MINUTE: "100000",
      // The admin of the browser tests (e2e/admin-session.ts registers and claims it).
      ADMIN_EMAIL: "admin-e2e@localscope.test",
      // Tests import the states they visit on demand; the whole country in the background would only slow them.
      PLACES_BACKGROUND_IMPORT: "off",
      ...extraEnv,
    },
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`the test server on port ${port} exited (${child.exitCode}); see ${join(dir, "server.log")}`);
    try {
      if ((await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) })).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill("SIGKILL");
      throw new Error(
        `the test server on port ${port} did not answer /healthz within 120 s; see ${join(dir, "server.log")}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
  return {
    url,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill("SIGTERM"); // src/server.ts closes the database (and its write-ahead log) on SIGTERM.
      const killed = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killed);
    },
  };
}

/** A worker's own copy of the template database (the template's server has stopped, so the files are at rest). */
export function copyTemplate(dir: string) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  if (!existsSync(TEMPLATE_DIR)) return;
  for (const name of readdirSync(TEMPLATE_DIR)) {
    if (name.startsWith("localscope.db")) copyFileSync(join(TEMPLATE_DIR, name), join(dir, name));
  }
}

export const workerDir = (parallelIndex: number) => join(root, ".tmp", `e2e-${BASE_PORT}`, `worker-${parallelIndex}`);
export const workerPort = (parallelIndex: number) => BASE_PORT + 1 + parallelIndex;

/**
 * One worker slot's server, ready for tests: a fresh copy of the template, the server started, every browsed
 * state known to be in (`statesReady`), and Las Vegas's data-grounded facts and history built (seconds on a
 * busy machine: built here, before any test's own timeouts run).
 */
export async function startSlotServer(parallelIndex: number): Promise<RunningServer> {
  const dir = workerDir(parallelIndex);
  copyTemplate(dir);
  const server = await startServer(workerPort(parallelIndex), dir);
  try {
    await statesReady(server.url);
  } catch (error) {
    // A slot that is not ready fails the run's setup: its server goes with it (a server left behind holds the
    // port, and the next run's tests would talk to it).
    await server.stop();
    throw error;
  }
  const headers = { "content-type": "application/json", origin: server.url };
  await Promise.all([
    fetch(`${server.url}/api/fun-facts/city`, {
      method: "POST",
      headers,
      body: JSON.stringify({ cityName: "Las Vegas", stateCode: "NV", count: 5 }),
    }),
    fetch(`${server.url}/api/city-history/Las%20Vegas/NV`),
  ]).catch(() => {});
  return server;
}

/**
 * Global setup starts every slot's server once (E2E_SLOT_SERVERS names how many) and stops them after the
 * run, so a worker that replaces another in the same slot (the map's project gives way to the pages'
 * project, or a failed test ends its worker) reuses the slot's server instead of booting one more (8–13 s a
 * boot on a loaded machine; a run replaced 5 of its 9 workers). Tests of one slot share its server, as the
 * tests of one worker always did.
 */
export const SLOT_SERVERS_ENV = "E2E_SLOT_SERVERS";

/**
 * Whether the slot's server (started by global setup) is there. Any HTTP answer counts, a 503 too (/healthz
 * says 503 while a slow database write runs on a loaded machine): the server is alive, and starting another
 * in its place would delete the live server's database directory. Only a slot whose server does not answer
 * at all (three tries) is started afresh.
 */
export async function slotServerUp(parallelIndex: number): Promise<string | null> {
  if (parallelIndex >= Number(process.env[SLOT_SERVERS_ENV] ?? 0)) return null;
  const url = `http://127.0.0.1:${workerPort(parallelIndex)}`;
  for (let attempt = 1; attempt <= 3; attempt++) {
    try {
      await (await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(10_000) })).arrayBuffer();
      return url;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  return null;
}
