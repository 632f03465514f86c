/** Test helpers: one booted database + city index per test process, and an app around it. */
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "./app";
import { bootServices } from "./boot";
import { loadConfig } from "./config";
import { baseTemplate, freshDatabase, testDir, testTemplate } from "../db/testing-template";
import { createStateLoader } from "../db/import/places";
import { PlacesService } from "../modules/places";

export { freshDatabase, testDir, testTemplate };

export const testAssets = {
  manifest: { entry: "/assets/client-test.js", preload: [], css: "/assets/app-test.css" },
  files: {} as Record<string, string>,
};

export function silentLog() {
  const lines: string[] = [];
  const push = (...args: unknown[]) => lines.push(args.map(String).join(" "));
  return { lines, info: push, warn: push, error: push };
}

let booted: ReturnType<typeof bootServices> | undefined;

const SHARED_PREFIX = "localscope-shared-";
const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};
/** The shared databases of test processes that have ended (a `bun test` run outside npm test leaves its own). */
function removeEndedSharedDirs() {
  for (const name of readdirSync(tmpdir())) {
    if (!name.startsWith(SHARED_PREFIX)) continue;
    const dir = join(tmpdir(), name);
    let pid = NaN;
    try {
      pid = Number(readFileSync(join(dir, "pid"), "utf8"));
    } catch {
      // Being made by a process that has not written its pid yet, or not ours: left alone.
      continue;
    }
    if (Number.isInteger(pid) && pid > 0 && !alive(pid)) rmSync(dir, { recursive: true, force: true });
  }
}

/** The database every test in this process shares: a copy of the places (or base) template, booted once. */
export function testServices() {
  if (!booted) {
    // Not a testDir: the database outlives each file (a bun test worker boots it once for all its files), and
    // bun test runs no exit handler. npm test removes the run's temporary folder, this one with it; otherwise the
    // next test process removes it (its pid file names a process that has ended).
    removeEndedSharedDirs();
    const dir = mkdtempSync(join(tmpdir(), SHARED_PREFIX));
    writeFileSync(join(dir, "pid"), String(process.pid));
    const file = join(dir, "test.db");
    // The places template, else the base one (cities imported, no places: states import on first use).
    const template = testTemplate("places") ?? baseTemplate();
    if (template) copyFileSync(template, file);
    booted = bootServices({ DATABASE_URL: `file:${file}`, DATABASE_AUTH_TOKEN: undefined }, silentLog());
  }
  return booted;
}

export async function testApp(env: Record<string, string> = {}) {
  const { database, cityIndex, places, onPlacesChanged } = await testServices();
  const log = silentLog();
  // In-process requests (app.handle) count as coming from this host; trusting it as a proxy lets tests give
  // each caller its own address with X-Forwarded-For (tests of the trust rules pass their own list).
  // The general write limits are relaxed here (tests sign up and post a lot); src/limits.test.ts sets its own.
  const config = loadConfig({
    NODE_ENV: "test",
    TRUSTED_PROXIES: "127.0.0.1",
    RATE_LIMIT_WRITES_PER_MINUTE: "100000",
    RATE_LIMIT_AUTH_PER_MINUTE: "100000",
    ...env,
  });
  const app = createApp({ config, database, cityIndex, places, assets: testAssets, log, onPlacesChanged });
  const request = (path: string, init?: RequestInit) => app.handle(new Request(`http://localhost${path}`, init));
  return { app, log, request, database, cityIndex, places };
}

/**
 * The cookie of a signed-in guest (POST /api/auth/auto-login), for page tests: pages are for signed-in
 * visitors, everyone else gets the landing page (docs/decisions/013-signed-in-shell.md, src/gate.tsx). Join it with other cookies by "; ".
 */
export async function guestCookie(request: (path: string, init?: RequestInit) => Promise<Response>): Promise<string> {
  const { continueAsGuest } = await import("../modules/auth/testing");
  return (await continueAsGuest(request)).cookie;
}

/**
 * A test app browsed as one signed-in guest (pages are for signed-in visitors): `get(path, cookie?)` sends
 * `cookie` (other cookies, "; "-joined) followed by the guest's session cookie.
 */
export async function guestBrowser(env: Record<string, string> = {}) {
  const app = await testApp(env);
  const guest = await guestCookie(app.request);
  const get = (path: string, cookie?: string) =>
    app.request(path, { headers: { cookie: [cookie, guest].filter(Boolean).join("; ") } });
  return { ...app, guest, get };
}

/**
 * A guest browser on the shared database whose app queues a state's import and never runs it (`queued` lists
 * the states it was asked for): a page for a state not yet imported is rendered exactly as while its import
 * runs, without importing a whole state no test reads (every nationwide file parsed: ~15 CPU-s, and every
 * state asked for after it in this process waited behind it).
 */
export async function guestBrowserImportsHeld() {
  const { database, cityIndex, onPlacesChanged } = await testServices();
  const queued: string[] = [];
  const loader = createStateLoader(database.client, {
    importer: (_client, stateCode) => {
      queued.push(stateCode);
      return new Promise<never>(() => {});
    },
  });
  const places = new PlacesService(database.client, cityIndex, loader);
  const config = loadConfig({ NODE_ENV: "test", TRUSTED_PROXIES: "127.0.0.1" });
  const app = createApp({ config, database, cityIndex, places, assets: testAssets, log: silentLog(), onPlacesChanged });
  const request = (path: string, init?: RequestInit) => app.handle(new Request(`http://localhost${path}`, init));
  const guest = await guestCookie(request);
  const get = (path: string, cookie?: string) =>
    request(path, { headers: { cookie: [cookie, guest].filter(Boolean).join("; ") } });
  return { get, queued };
}
