/**
 * Hostile-request fuzz (docs/decisions/019-request-hardening.md item 10): boots the whole app on a fresh database, then sends ≥ 10,000
 * hostile requests over every route the app has (read from the app itself, so new routes are covered
 * without editing this file), as anonymous, guest and signed-in callers, and over raw sockets for what
 * fetch cannot send (bad Host, garbled request lines, lying Content-Length). Counts statuses per route;
 * while a nested-JSON attack runs it times /healthz. Exits 1 on any 5xx the app sent (Bun's own 505 for a
 * malformed request line is not the app's and is counted apart), or when /healthz took longer than
 * FUZZ_HEALTH_MS (default 100 ms in the full run).
 *
 *   npm run fuzz                       # 10,000+ requests
 *   npm run fuzz -- --short            # ~800 requests for CI (or FUZZ_SHORT=1)
 *   npm run fuzz -- --requests 20000 --seed 7
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../src/app";
import { bootServices } from "../src/boot";
import { loadConfig } from "../src/config";
import { freshDatabase, silentLog, testAssets } from "../src/testing";
import { hardeningFindings } from "./lib/fuzz-findings";
import { seeded } from "./lib/fuzz-random";
import { raw, RAW } from "./lib/fuzz-raw";
import { hostileValues, nested } from "./lib/fuzz-values";
import { cookieOf } from "./lib/server";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const short = process.argv.includes("--short") || process.env.FUZZ_SHORT === "1";
const total = Number(arg("requests") ?? (short ? 800 : 10_000));
const healthLimitMs = Number(process.env.FUZZ_HEALTH_MS ?? (short ? 1_000 : 100));
const { random, pick } = seeded(Number(arg("seed") ?? 1));

// ---- the app, on a fresh database ----
const dir = mkdtempSync(join(tmpdir(), "localscope-fuzz-"));
const log = silentLog();
// Under `npm test` a copy of the browser tests' template (cities and the browsed states' places in; decision
// 029), so place routes answer from the store; run on its own, an empty database.
const config = loadConfig({
  NODE_ENV: "production",
  DATABASE_URL: `file:${freshDatabase(dir, "fuzz.db", "e2e")}`,
  ADMIN_EMAIL: "owner@example.com",
  RATE_LIMIT_WRITES_PER_MINUTE: "1000000",
  RATE_LIMIT_AUTH_PER_MINUTE: "1000000",
  PLACES_BACKGROUND_IMPORT: process.env.PLACES_BACKGROUND_IMPORT,
});
console.log(
  `fuzz: booting the app on ${process.env.LOCALSCOPE_TEST_TEMPLATES ? "a copy of the browser tests' template" : "a fresh database"}…`,
);
const { database, cityIndex, places } = await bootServices(config, {
  info: () => {},
  warn: () => {},
  error: console.error,
});
const app = createApp({ config, database, cityIndex, places, assets: testAssets, log });
const server = app.listen({ port: 0, hostname: "127.0.0.1", maxRequestBodySize: 1024 * 1024 }).server!;
const port = server.port!;
const base = `http://127.0.0.1:${port}`;

// ---- callers ----
const guest = cookieOf(await fetch(`${base}/api/auth/auto-login`, { method: "POST" }));
const member = cookieOf(
  await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "fuzz-member@example.com", username: "Fuzz", password: "blue-Harbor-lantern-42" }),
  }),
);
const callers = [
  "",
  guest,
  member,
  "localscope_session=" + "A".repeat(43),
  "localscope_session=%FF%FE; localscope_guest=%00",
  "x=" + "y".repeat(8000),
];

// ---- hostile values ----
const { segments, queryValues, queryKeys, bodies, extraHeaders, METHODS } = hostileValues(pick);

const routes = [
  ...new Map(app.routes.map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }])).values(),
].filter((r) => r.method !== "ALL" || true);
routes.push(
  { method: "GET", path: "/assets/:file" },
  { method: "GET", path: "/no/such/:page" },
  { method: "GET", path: "/api/no-such/:thing" },
);

function fill(path: string): string {
  return path
    .replace(/:[A-Za-z]+/g, () => {
      const value = pick(segments);
      return /%/.test(value) ? value : encodeURIComponent(value);
    })
    .replace(/\*$/, () => pick(segments));
}
function query(): string {
  if (random() < 0.3) return "";
  const parts: string[] = [];
  const n = 1 + Math.floor(random() * 4);
  for (let i = 0; i < n; i++)
    parts.push(`${encodeURIComponent(pick(queryKeys))}=${encodeURIComponent(pick(queryValues))}`);
  if (random() < 0.1) parts.push("%zz=%", "a=%E0%A4%A");
  return `?${parts.join("&")}`;
}

// ---- counting ----
type Tally = Map<string, Map<number, number>>;
const tally: Tally = new Map();
const failures: string[] = [];
let bun505 = 0;
let noAnswer = 0;
const count = (route: string, status: number, detail: string) => {
  const byStatus = tally.get(route) ?? new Map<number, number>();
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
  tally.set(route, byStatus);
  if ((status >= 500 || status === 0) && failures.length < 30) failures.push(`${status} ${detail}`);
};

async function one(): Promise<void> {
  const route = random() < 0.9 ? pick(routes) : { method: pick(METHODS), path: pick(routes).path };
  const method = random() < 0.8 ? route.method : pick(METHODS);
  const url = `${base}${fill(route.path)}${query()}`;
  const headers: Record<string, string> = { ...pick(extraHeaders)() };
  const cookie = pick(callers);
  if (cookie) headers.cookie = cookie;
  let body: BodyInit | null = null;
  if (method !== "GET" && method !== "HEAD") {
    const made = pick(bodies)();
    body = made.body;
    if (made.type) headers["content-type"] = made.type;
  }
  const label = `${route.method} ${route.path}`;
  try {
    const response = await fetch(url, { method, headers, body, redirect: "manual" });
    await response.arrayBuffer();
    count(label, response.status, `${method} ${url.slice(0, 160)} ${body ? String(body).slice(0, 60) : ""}`);
  } catch (error) {
    count(label, 0, `${method} ${url.slice(0, 160)}: ${(error as Error).message}`);
  }
}

async function rawOne(text: string) {
  const answer = await raw(port, text);
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(answer)?.[1] ?? 0);
  if (status === 0 && answer === "") {
    noAnswer++; // the connection closed without an answer (e.g. a body cut short): nothing to judge
    return;
  }
  if (status === 505 && !/content-security-policy/i.test(answer)) {
    bun505++; // Bun's own answer to a malformed request line: not the app's
    return;
  }
  count(
    "RAW " + text.split("\r\n")[0]!.slice(0, 40),
    status,
    `raw ${JSON.stringify(text.slice(0, 80))} → ${answer.split("\r\n")[0]}`,
  );
}

// ---- phase 1: the nested-JSON attack while timing /healthz ----
const started = performance.now();
let healthWorst = 0;
{
  const attack = Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let i = 0; i < (short ? 5 : 25); i++) {
        const path = pick(["/api/activities", "/api/fun-facts/city", "/api/city-history/more", "/api/auth/login"]);
        const response = await fetch(`${base}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: `{"a":${nested(7_000)}}`,
        });
        await response.arrayBuffer();
        count(`POST ${path} (nested attack)`, response.status, `nested on ${path}`);
      }
    }),
  );
  let done = false;
  void attack.then(() => (done = true));
  while (!done) {
    const t = performance.now();
    const response = await fetch(`${base}/healthz`);
    await response.arrayBuffer();
    healthWorst = Math.max(healthWorst, performance.now() - t);
    await Bun.sleep(5);
  }
  await attack;
}

// ---- phase 2: raw sockets, then the request mix (16 at a time) ----
for (let i = 0; i < (short ? 1 : 5); i++) for (const text of RAW) await rawOne(text);
let sent = 0;
await Promise.all(
  Array.from({ length: 16 }, async () => {
    while (sent < total) {
      sent++;
      await one();
    }
  }),
);
const seconds = (performance.now() - started) / 1000;

// ---- phase 3: one case per hardening finding, each with the answer it must get ----
const findings = hardeningFindings(base, member);
let findingsFailed = 0;
for (const [name, check] of findings) {
  const passed = await check().catch(() => false);
  if (!passed) findingsFailed++;
  console.log(`finding: ${name} → ${passed ? "ok" : "WRONG ANSWER"}`);
}

// ---- report ----
let requests = 0;
const statusTotals = new Map<number, number>();
for (const byStatus of tally.values())
  for (const [status, n] of byStatus) (requests += n), statusTotals.set(status, (statusTotals.get(status) ?? 0) + n);
console.log(
  `\nfuzz: ${requests} requests over ${routes.length} routes in ${seconds.toFixed(1)} s (seed ${arg("seed") ?? 1}${short ? ", short" : ""})`,
);
console.log(
  `statuses: ${[...statusTotals]
    .sort((a, b) => a[0] - b[0])
    .map(([s, n]) => `${s}×${n}`)
    .join(
      "  ",
    )}   (Bun's own 505 for malformed request lines: ${bun505}; raw connections closed without an answer: ${noAnswer})`,
);
console.log(`/healthz during the nested-JSON attack: worst ${healthWorst.toFixed(0)} ms (limit ${healthLimitMs} ms)`);
const serverErrors = [...statusTotals].filter(([s]) => s >= 500 || s === 0).reduce((n, [, c]) => n + c, 0);
const routesWith5xx = [...tally].filter(([, m]) => [...m.keys()].some((s) => s >= 500 || s === 0));
for (const [route, m] of routesWith5xx)
  console.log(`  5xx on ${route}: ${[...m].map(([s, n]) => `${s}×${n}`).join(" ")}`);
for (const line of failures.slice(0, 10)) console.log(`  e.g. ${line}`);
const logged = log.lines.filter((l) => l.startsWith("[error]"));
if (logged.length) console.log(`server error log lines: ${logged.length}; first: ${logged[0]!.slice(0, 300)}`);
if (logged.length && process.env.FUZZ_VERBOSE === "1") for (const line of logged) console.log(line.slice(0, 3000));

await app.stop(true);
database.close();
rmSync(dir, { recursive: true, force: true });
const ok = serverErrors === 0 && healthWorst <= healthLimitMs && requests >= total && findingsFailed === 0;
console.log(ok ? "fuzz: PASS (no app 5xx)" : "fuzz: FAIL");
process.exit(ok ? 0 : 1);
