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
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApp } from "../src/app";
import { bootServices } from "../src/boot";
import { loadConfig } from "../src/config";
import { freshDatabase, silentLog, testAssets } from "../src/testing";

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const short = process.argv.includes("--short") || process.env.FUZZ_SHORT === "1";
const total = Number(arg("requests") ?? (short ? 800 : 10_000));
const healthLimitMs = Number(process.env.FUZZ_HEALTH_MS ?? (short ? 1_000 : 100));
let seed = Number(arg("seed") ?? 1);
const random = () => {
  // mulberry32: a reproducible run for a given --seed
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

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
const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
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
const nested = (levels: number) => "[".repeat(levels) + "]".repeat(levels);
const segments = [
  "",
  "0",
  "-1",
  "1e309",
  "NaN",
  "99999999999999999999",
  "1.5",
  "%00",
  "%",
  "%E0%A4%A",
  "..%2F..%2Fetc%2Fpasswd",
  "%2e%2e",
  "<script>alert(1)</script>",
  "' OR 1=1--",
  '"',
  "a".repeat(5000),
  "🏙️",
  "%F0%9F%8F%99",
  "null",
  "undefined",
  "__proto__",
  "constructor",
  "Springfield",
  "MO",
  "new%20york",
  "place",
  "city",
  "7",
  "12",
  "food",
  "%20",
  "%0d%0aSet-Cookie:x=1",
];
const queryValues = [...segments, "10000000", "-5", "[]", "{}", "a,b,c", "true"];
const queryKeys = [
  "city",
  "state",
  "count",
  "offset",
  "q",
  "lat",
  "lng",
  "lon",
  "radius",
  "category",
  "page",
  "limit",
  "place",
  "__proto__[x]",
  "constructor[prototype][x]",
  "a[]",
  "x".repeat(300),
];
const bodies: Array<() => { body: BodyInit | null; type?: string }> = [
  () => ({ body: nested(50_000), type: "application/json" }), // 100 KB, 50,000 levels (F1)
  () => ({ body: `{"a":${nested(7_000)}}`, type: "application/json" }), // under the size cap, far over the depth
  () => ({ body: `{"a":${nested(32)}}`, type: "application/json" }),
  () => ({ body: JSON.stringify({ x: "y".repeat(300_000) }), type: "application/json" }),
  () => ({ body: "{not json", type: "application/json" }),
  () => ({ body: "", type: "application/json" }),
  () => ({ body: "null", type: "application/json" }),
  () => ({ body: "[1,2,3]", type: "application/json" }),
  () => ({ body: '"text"', type: "application/json" }),
  () => ({ body: "1e999", type: "application/json" }),
  () => ({ body: '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"x":1}}}', type: "application/json" }),
  () => ({ body: '{"email":"\\ud800","password":"\\udfff","username":"\\u0000"}', type: "application/json" }),
  () => ({
    body: JSON.stringify({ email: "a@b.co", password: "p".repeat(200), username: "x" }),
    type: "application/json",
  }),
  () => ({
    body: JSON.stringify({ itemType: "place", itemId: "x".repeat(2000), itemData: JSON.stringify({ a: nested(30) }) }),
    type: "application/json",
  }),
  () => ({
    body: JSON.stringify({
      itemType: pick(["place", "city", "fact"]),
      itemId: pick(segments),
      itemData: pick(["{}", "[]", "x", '{"title":1}']),
    }),
    type: "application/json",
  }),
  () => ({
    body: JSON.stringify({
      activityType: pick(["city_discovered", "x", 7]),
      cityName: pick(segments),
      cityState: pick(segments),
      placeId: pick([1, "a", null, {}]),
    }),
    type: "application/json",
  }),
  () => ({
    body: JSON.stringify({
      city: pick(segments),
      state: pick(segments),
      exclude: [pick(segments)],
      count: pick([1, -1, 1e9, "x"]),
    }),
    type: "application/json",
  }),
  () => ({ body: JSON.stringify({ code: pick(segments) }), type: "application/json" }),
  () => ({ body: "a=1&b=2&__proto__[x]=1", type: "application/x-www-form-urlencoded" }),
  () => ({
    body: '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb\r\n--x--',
    type: "multipart/form-data; boundary=x",
  }),
  () => ({ body: "--x\r\ngarbage", type: "multipart/form-data; boundary=x" }),
  () => ({ body: "plain text", type: "text/plain" }),
  () => ({ body: new Uint8Array([0xff, 0xfe, 0x00, 0x01]), type: "application/octet-stream" }),
  () => ({ body: "{}", type: "application/json; charset=utf-16" }),
  () => ({ body: "{}", type: "application/vnd.api+json" }),
  () => ({ body: null }),
];
const extraHeaders: Array<() => Record<string, string>> = [
  () => ({}),
  () => ({ origin: "https://evil.example" }),
  () => ({ origin: "null" }),
  () => ({ "sec-fetch-site": "cross-site" }),
  () => ({
    "x-forwarded-for": pick(["1.2.3.4", "garbage", "::1, 10.0.0.1", "999.1.1.1"]),
    "x-forwarded-proto": "https",
    "x-forwarded-host": "evil.example",
  }),
  () => ({ accept: "text/html" }),
  () => ({ "accept-encoding": "gzip, br, zstd" }),
  () => ({ range: "bytes=0-1,5-2" }),
  () => ({ "if-none-match": "*".repeat(500) }),
  () => ({ "content-encoding": "gzip" }),
];
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"];

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

function raw(text: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, "127.0.0.1");
    let out = "";
    socket.on("data", (d) => (out += d));
    socket.on("end", () => resolve(out));
    socket.on("error", () => resolve(out));
    socket.setTimeout(3000, () => {
      socket.destroy();
      resolve(out);
    });
    socket.end(text); // half-close: a body shorter than its Content-Length ends here
  });
}
const RAW = [
  "GET / HTTP/1.0\r\n\r\n",
  "GET /api/auth/me HTTP/1.1\r\nConnection: close\r\n\r\n",
  "GET /api/auth/me HTTP/1.1\r\nHost: a b\r\nConnection: close\r\n\r\n",
  "GET / HTTP/1.1\r\nHost: [::1\r\nConnection: close\r\n\r\n",
  "GET /x HTTP/1.1\r\nHost: ex%ample.com:99999\r\nConnection: close\r\n\r\n",
  "POST /api/activities HTTP/1.1\r\nHost: a/b?c\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}",
  "GET / HTTP/1.1\r\nHost: \r\nConnection: close\r\n\r\n",
  "POST /api/activities HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\nConnection: close\r\n\r\n{}",
  "POST /api/activities HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\nzz\r\n{}\r\n0\r\n\r\n",
  "GARBAGE\r\n\r\n",
  "GET /../../etc/passwd HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
  "GET * HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
  "GET http://evil.example/ HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
  "GET / HTTP/9.9\r\nHost: localhost\r\nConnection: close\r\n\r\n",
  `GET /${"a".repeat(70_000)} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`,
];
async function rawOne(text: string) {
  const answer = await raw(text);
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
const findings: Array<[string, () => Promise<boolean>]> = [
  [
    "place search shorter than 3 characters: 400 naming q",
    async () => {
      const r = await fetch(`${base}/api/places/search?q=m&city=Las%20Vegas&state=NV`);
      return r.status === 400 && Array.isArray(((await r.json()) as { errors: Record<string, unknown> }).errors.q);
    },
  ],
  [
    "place searches past the per-client limit: 429 with Retry-After",
    async () => {
      for (let i = 0; i < 200; i++) {
        const r = await fetch(`${base}/api/places/search?q=museum${i % 2 ? "s" : ""}`);
        await r.arrayBuffer();
        if (r.status === 429) return r.headers.has("retry-after");
      }
      return false;
    },
  ],
  [
    "a chunked 1 MB form body: 413",
    async () => {
      const body = new ReadableStream({
        start(controller) {
          for (let i = 0; i < 256; i++) controller.enqueue(new TextEncoder().encode(`a=${"y".repeat(4094)}`));
          controller.close();
        },
      });
      const r = await fetch(`${base}/api/activities`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: member },
        body,
      });
      return r.status === 413;
    },
  ],
  [
    "a wrong method on a served path: 405 with Allow",
    async () => {
      const r = await fetch(`${base}/api/places/search?q=museum`, { method: "DELETE" });
      return r.status === 405 && r.headers.get("allow") === "GET";
    },
  ],
  [
    "a password of only spaces: 400",
    async () => {
      const r = await fetch(`${base}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "blank-password@example.com", username: "blank", password: "        " }),
      });
      return r.status === 400;
    },
  ],
];
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
