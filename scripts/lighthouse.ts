/**
 * Lighthouse (mobile, its default throttling) on each screen, in Debian's Chromium: starts a production
 * server on its own database under .tmp/lighthouse, signs in as a guest (pages are for signed-in visitors),
 * registers an account with the server's ADMIN_EMAIL and claims it (scripts/admin.ts) for /admin and
 * /admin/traffic, imports the city's state first (so no screen measures an import), then prints each screen's
 * scores, its paint and blocking times, and the accessibility findings that cost points.
 *
 * Usage: npm run lighthouse [-- /map landing 404 …]   (default: every screen)   CHROME_PATH overrides
 * /usr/bin/chromium. "landing" is / signed out; "404" is an unknown path; "/place" is the first nearby place.
 * The guest's trip in the city, its first day planned ("Plan my day") and shared, is "/trip" (its page),
 * "/trip-map" (day 1 on the map), "/share" (its share link, signed out) and "/share-map" (the link's day map).
 * LH_DIR=name puts the server's database and log under .tmp/<name>; LH_SAVE=1 also saves each JSON report there.
 * Lighthouse's mobile timings are the page's own multiplied by 4, so a busy machine inflates them (blocking time
 * most): each row ends with the machine's load average (1 min) when its run ended, to read the row against.
 */
import { mkdirSync, openSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { createServer } from "node:net";
import { join } from "node:path";
import { CATEGORIES } from "../src/domain/categories";

const CATEGORY_SCREENS = CATEGORIES.map((c) => `/category/${c.slug}`);
const SCREENS = [
  "landing",
  "/",
  ...CATEGORY_SCREENS,
  "/place",
  "/featured",
  "/nearby",
  "/lodging",
  "/local-gems",
  "/map",
  "/favorites",
  "/profile",
  "/chat",
  "/trips",
  "/trip",
  "/trip-map",
  "/share",
  "/share-map",
  "/admin",
  "/admin/traffic",
  "/about",
  "404",
];
const ADMIN_EMAIL = "lighthouse-admin@localscope.test";
const PASSWORD = "blue-Harbor-lantern-42";
const CITY = { name: "New York", state: "NY" };

const root = join(import.meta.dir, "..");
const screens = process.argv.slice(2).filter((a) => a.startsWith("/") || a === "landing" || a === "404");
const chrome = process.env.CHROME_PATH ?? "/usr/bin/chromium";

// LH_PORT picks the server's port (a helper's own range on a shared machine); else a free one.
const port: number =
  Number(process.env.LH_PORT) ||
  (await new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  }));
const dir = join(root, ".tmp", process.env.LH_DIR ?? "lighthouse");
mkdirSync(dir, { recursive: true });
const serverEnv = {
  ...process.env,
  NODE_ENV: "production",
  PORT: String(port),
  HOST: "127.0.0.1",
  DATABASE_URL: `file:${join(dir, "localscope.db")}`,
  ADMIN_EMAIL,
  PLACES_BACKGROUND_IMPORT: "off",
}; // no import of other states competes with the pages
const server = Bun.spawn([join(root, "node_modules/.bin/bun"), join(root, "src/server.ts")], {
  cwd: root,
  env: serverEnv,
  stdout: "ignore",
  stderr: openSync(join(dir, "server.log"), "a"), // the server's own log, out of the table
});
const base = `http://127.0.0.1:${port}`;

interface Report {
  categories: Record<string, { score: number | null; auditRefs: Array<{ id: string; weight: number }> }>;
  audits: Record<
    string,
    {
      score: number | null;
      numericValue?: number;
      title: string;
      scoreDisplayMode: string;
      details?: { items?: Array<{ node?: { selector?: string } }> };
    }
  >;
}

/** One run; Lighthouse's trace recording now and then fails (NO_NAVSTART), so a failed run is tried once more. */
async function lighthouse(url: string, cookie: string | null): Promise<Report> {
  try {
    return await lighthouseOnce(url, cookie);
  } catch {
    return await lighthouseOnce(url, cookie);
  }
}

async function lighthouseOnce(url: string, cookie: string | null): Promise<Report> {
  const proc = Bun.spawn(
    [
      "node",
      join(root, "node_modules/lighthouse/cli/index.js"),
      url,
      "--output=json",
      "--output-path=stdout",
      "--quiet",
      "--only-categories=performance,accessibility,best-practices,seo",
      `--chrome-flags=--headless=new --no-sandbox --disable-gpu`,
      "--ignore-status-code", // the 404 and the guard's 401/403 pages are screens too
      ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
    ],
    { cwd: root, env: { ...process.env, CHROME_PATH: chrome }, stdout: "pipe", stderr: "pipe" },
  );
  const [out, err, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  if (code !== 0) throw new Error(`lighthouse failed on ${url} (${code}): ${err.slice(-2000)}`);
  return JSON.parse(out) as Report;
}

/** The guest's trip in the city with day 1 planned and shared: the addresses of the trip screens. */
async function tripScreens(cookie: string): Promise<Record<string, string>> {
  const headers = { "content-type": "application/json", cookie };
  const created = await fetch(`${base}/api/trips`, {
    method: "POST",
    headers,
    body: JSON.stringify({ title: "Lighthouse trip", city: `${CITY.name}, ${CITY.state}` }),
  });
  if (created.status !== 201) throw new Error(`creating the trip failed: ${created.status}`);
  const { id } = (await created.json()) as { id: number };
  const planned = await fetch(`${base}/api/trips/${id}/plan`, { method: "POST", headers, body: "{}" });
  if (planned.status !== 201) throw new Error(`planning day 1 failed: ${planned.status}`);
  const shared = await fetch(`${base}/api/trips/${id}/share`, { method: "POST", headers, body: "{}" });
  const { shareToken } = (await shared.json()) as { shareToken: string | null };
  if (!shared.ok || !shareToken) throw new Error(`sharing the trip failed: ${shared.status}`);
  return {
    "/trip": `/trips/${id}`,
    "/trip-map": `/map?trip=${id}&day=1`,
    "/share": `/t/${shareToken}`,
    "/share-map": `/t/${shareToken}/map?day=1`,
  };
}

try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error("the server did not start");
    await Bun.sleep(100);
  }
  const login = await fetch(`${base}/api/auth/auto-login`, { method: "POST" });
  if (!login.ok) throw new Error(`guest sign-in failed: ${login.status}`);
  const session = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const cookie = `${session}; localscope-location=${encodeURIComponent(`${CITY.name}, ${CITY.state}`)}`;
  // The admin: register with ADMIN_EMAIL, then the operator's claim against the server's database.
  const register = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.9.9.9" },
    body: JSON.stringify({ email: ADMIN_EMAIL, username: "Lighthouse Admin", password: PASSWORD }),
  });
  // The operator's claim takes the account over: a new password (printed once) and its sessions ended.
  const claim = Bun.spawnSync(
    [join(root, "node_modules/.bin/bun"), join(root, "scripts/admin.ts"), "claim", ADMIN_EMAIL, "--yes"],
    { cwd: root, env: serverEnv, stderr: "pipe" },
  );
  const claimedPassword = /Its password is now: (\S+)/.exec(claim.stdout.toString())?.[1];
  if (claim.exitCode !== 0 || !claimedPassword)
    throw new Error(`claiming the admin failed (sign-up ${register.status}): ${claim.stderr}`);
  const signIn = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": "10.9.9.9" },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: claimedPassword }),
  });
  if (!signIn.ok) throw new Error(`the admin's sign-in failed: ${signIn.status}`);
  const adminSession = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const adminCookie = `${adminSession}; localscope-location=${encodeURIComponent(`${CITY.name}, ${CITY.state}`)}`;
  // The server closes a connection idle for 30 s: on a loaded machine the import takes longer, so ask again.
  const nearby = `${base}/api/places/nearby?city=${encodeURIComponent(CITY.name)}&state=${CITY.state}&count=1`;
  let warm: Response | null = null;
  for (let attempt = 0; !warm; attempt++) {
    try {
      warm = await fetch(nearby, { signal: AbortSignal.timeout(180_000) });
    } catch (error) {
      if (attempt >= 10) throw error;
    }
  }
  if (!warm.ok) throw new Error(`importing ${CITY.state} failed: ${warm.status}`);
  const firstPlace = ((await warm.json()) as Array<{ id: number }>)[0]?.id;
  if (firstPlace == null) throw new Error("no nearby place for /place/:id");
  const trip = await tripScreens(cookie);

  const pct = (score: number | null | undefined) =>
    score == null ? "  –" : String(Math.round(score * 100)).padStart(3);
  const ms = (report: Report, id: string) => `${Math.round(report.audits[id]?.numericValue ?? NaN)}`.padStart(6);
  console.log(
    `Lighthouse ${chrome} (mobile), ${CITY.name}, ${CITY.state}, signed in as a guest (the admin on /admin*, nobody on landing)`,
  );
  console.log(
    `screen              perf  a11y  best   seo     FCP     LCP     TBT    CLS   load (${availableParallelism()} cores)`,
  );
  for (const screen of screens.length ? screens : SCREENS) {
    const path =
      screen === "landing"
        ? "/"
        : screen === "404"
          ? "/no/such/page"
          : screen === "/place"
            ? `/place/${firstPlace}`
            : (trip[screen] ?? screen);
    const signedOut = screen === "landing" || screen.startsWith("/share");
    const who = signedOut ? null : screen.startsWith("/admin") ? adminCookie : cookie;
    const report = await lighthouse(`${base}${path}`, who);
    if (process.env.LH_SAVE) await Bun.write(join(dir, `${screen.replace(/\W+/g, "_")}.json`), JSON.stringify(report)); // the full report, to dig into
    const c = report.categories;
    const cls = (report.audits["cumulative-layout-shift"]?.numericValue ?? NaN).toFixed(3);
    console.log(
      `${screen.padEnd(18)} ${pct(c.performance?.score)}   ${pct(c.accessibility?.score)}   ${pct(c["best-practices"]?.score)}   ${pct(c.seo?.score)}  ${ms(report, "first-contentful-paint")}  ${ms(report, "largest-contentful-paint")}  ${ms(report, "total-blocking-time")}  ${cls.padStart(5)}  ${loadavg()[0]!.toFixed(1).padStart(5)}`,
    );
    const failing = (c.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && report.audits[ref.id]?.score === 0)
      .map((ref) => ref.id);
    for (const id of failing) {
      const nodes = (report.audits[id]?.details?.items ?? []).map((item) => item.node?.selector).filter(Boolean);
      console.log(
        `    accessibility finding ${id}: ${nodes.slice(0, 4).join(" | ")}${nodes.length > 4 ? ` (+${nodes.length - 4})` : ""}`,
      );
    }
  }
} finally {
  server.kill();
  await server.exited;
}
