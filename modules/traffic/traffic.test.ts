/** Traffic analytics (docs/decisions/022-traffic-log.md): the request log as the server's outermost layer, countries, privacy, bots, the API. */
import { beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { openDatabase, type Database } from "../../db/client";
import { migrate } from "../../db/migrate";
import { loadConfig } from "../../src/config";
import { testApp } from "../../src/testing";
import { claimAdmin } from "../auth";
import { continueAsGuest, signUp, uniqueEmail } from "../auth/testing";
import { countries } from "./index";
import { countryOf, type CountryTable } from "./geo";
import { BatchWriter, LOG_BOUNDS } from "./batch-writer";
import { batchOf, DAY_MS, HOUR_MS, type PendingEntry } from "./log-batch";
import { routePath } from "./request-fields";
import { TrafficLog } from "./request-log";
import { logRows } from "./segments";
import { trafficAnalytics, trafficLogs, trafficPerformance } from "./service";
import { threadWriter } from "./writer-thread";
import { testDir } from "../../db/testing-template";

const CHROME = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let table: CountryTable;
beforeAll(async () => {
  table = await countries();
});

async function freshDatabase(): Promise<Database & { url: string }> {
  const url = `file:${join(testDir("localscope-traffic-"), "t.db")}`;
  const database = await openDatabase(url);
  await migrate(database.client);
  return { ...database, url };
}

/** The real app behind the request log's wrapper, as src/server.ts serves it (in-process, through a trusted local proxy). */
async function loggedApp(env: Record<string, string> = {}) {
  const adminEmail = uniqueEmail("admin");
  const t = await testApp({ TRUSTED_PROXIES: "127.0.0.1", ADMIN_EMAIL: adminEmail, ...env });
  t.app.get("/test-boom", () => {
    throw new Error("boom (on purpose)");
  });
  const fetch = t.app.traffic.wrap((request) => t.app.handle(request));
  const call = (path: string, init: RequestInit & { ip?: string; ua?: string } = {}) => {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", init.ip ?? "1.0.0.1");
    headers.set("user-agent", init.ua ?? CHROME);
    return fetch(new Request(`http://localhost${path}`, { ...init, headers }));
  };
  const rows = async () => {
    await t.app.traffic.log.flush();
    return (await logRows(t.database.client)) as unknown as Array<Record<string, unknown>>;
  };
  await t.app.traffic.log.flush();
  await t.database.client.execute("DELETE FROM traffic_segments");
  /** Register the ADMIN_EMAIL account and claim it (docs/product.md#accounts): its cookie. */
  const signUpAdmin = async () => {
    const admin = await signUp(t.request, { email: adminEmail });
    const claimed = await claimAdmin({ database: t.database, config: { ADMIN_EMAIL: adminEmail } }, adminEmail);
    expect(claimed.ok).toBe(true);
    return admin;
  };
  return { ...t, call, rows, adminEmail, signUpAdmin };
}

describe("the request log wraps the whole server", () => {
  test("pages, API calls, a static-answered 403 and a 500 are logged with their real status; assets and /healthz are not", async () => {
    const { call, rows, request } = await loggedApp();
    const guest = await continueAsGuest(request);
    const before = (await rows()).length;
    expect((await call("/about?from=test", { headers: { cookie: guest.cookie } })).status).toBe(200);
    expect((await call("/api/favorites/count", { headers: { cookie: guest.cookie } })).status).toBe(200);
    expect((await call("/api/favorites/count")).status).toBe(401);
    // Answered by the cross-site check in onRequest, before any route: a lifecycle hook would not see it.
    expect(
      (
        await call("/api/favorites", {
          method: "POST",
          headers: { origin: "https://evil.example", "content-type": "application/json" },
          body: "{}",
        })
      ).status,
    ).toBe(403);
    expect((await call("/test-boom")).status).toBe(500);
    expect((await call("/no-such-page/123456789", { headers: { cookie: guest.cookie } })).status).toBe(404);
    await call("/healthz");
    await call("/healthz?probe=1");
    await call("/assets/client.js");
    await call("/assets/client.js?v=2");
    await call("/healthzz?x=1");
    await call("/?city=Boston%2C%20MA", { headers: { cookie: guest.cookie } });
    const logged = (await rows()).slice(before);
    expect(logged.map((r) => [r.method, r.path, r.status])).toEqual([
      ["GET", "/about", 200],
      ["GET", "/api/favorites/count", 200],
      ["GET", "/api/favorites/count", 401],
      ["POST", "/api/favorites", 403],
      ["GET", "/test-boom", 500],
      ["GET", "/no-such-page/:id", 404],
      ["GET", "/healthzz", 404],
      ["GET", "/", 200],
    ]);
    const first = logged[0]!;
    expect(first.user_agent).toBe(CHROME);
    expect(first.ip).toBe("1.0.0.1");
    expect(first.country).toBe("AU");
    expect(first.device).toBe("desktop");
    expect(Number(first.user_id)).toBe(guest.user.id);
    expect(Number(first.duration_ms)).toBeGreaterThan(0);
    expect(String(first.visitor)).toMatch(/^[0-9a-f]{32}$/);
    expect(logged[2]!.user_id).toBeNull();
  }, 120_000); // the first test boots the app (cities import): slow on a loaded machine

  test("route paths: no query string, ids collapsed", () => {
    expect(routePath("/place/8812")).toBe("/place/:id");
    expect(routePath("/api/places/8812/facts")).toBe("/api/places/:id/facts");
    expect(routePath("/category/food")).toBe("/category/food");
    expect(routePath("/x/3f2504e0-4f89-11d3-9a0c-0305e82c3301/")).toBe("/x/:id");
    expect(routePath("/")).toBe("/");
  });

  test("the admin's own requests are left out unless TRAFFIC_INCLUDE_ADMIN=true", async () => {
    for (const include of [false, true]) {
      const { call, rows, signUpAdmin } = await loggedApp({ TRAFFIC_INCLUDE_ADMIN: String(include) });
      const admin = await signUpAdmin();
      const before = (await rows()).length;
      expect((await call("/api/admin/traffic-logs", { headers: { cookie: admin.cookie } })).status).toBe(200);
      await call("/about", { ip: "1.0.0.2" });
      const paths = (await rows()).slice(before).map((r) => r.path);
      expect(paths).toEqual(include ? ["/api/admin/traffic-logs", "/about"] : ["/about"]);
    }
  }, 120_000); // two apps and two argon2 sign-ups

  test("TRAFFIC_HASH_IPS=true stores no IP; the log shows the visitor key's prefix", async () => {
    const { call, rows, database } = await loggedApp({ TRAFFIC_HASH_IPS: "true" });
    await call("/about", { ip: "81.2.69.160" });
    const row = (await rows()).at(-1)!;
    expect(row.ip).toBeNull();
    expect(row.country).toBe(countryOf(table, "81.2.69.160"));
    const entries = await trafficLogs(database.client, { limit: 1 });
    expect(entries[0]!.ipAddress).toBe(`#${String(row.visitor).slice(0, 10)}`);
    expect(JSON.stringify(await logRows(database.client))).not.toContain("81.2.69.160");
    expect(JSON.stringify((await database.client.execute("SELECT * FROM traffic_segments")).rows)).not.toContain(
      "81.2.69.160",
    );
  });
});

describe("countries (DB-IP Lite, binary search over typed arrays)", () => {
  test("known IPv4 and IPv6 ranges of the bundled data; private, reserved and garbage are Unknown", () => {
    expect(countryOf(table, "1.0.0.1")).toBe("AU"); // 1.0.0.0–1.0.0.255 AU
    expect(countryOf(table, "1.0.2.9")).toBe("CN"); // 1.0.1.0–1.0.3.255 CN
    expect(countryOf(table, "::ffff:1.0.0.1")).toBe("AU");
    expect(countryOf(table, "2001:0:1234::1")).toBe("US"); // 2001::–2001:0:ffff:… US
    expect(countryOf(table, "2000::1")).toBe("CH"); // 2000::/16 CH
    for (const address of [
      "10.1.2.3",
      "192.168.0.10",
      "172.16.5.4",
      "127.0.0.1",
      "::1",
      "fd12::1",
      "fe80::1",
      "not-an-ip",
      undefined,
    ]) {
      expect(countryOf(table, address)).toBe("Unknown");
    }
  });
});

function entry(at: number, fields: Partial<PendingEntry> = {}): PendingEntry {
  return {
    at,
    method: "GET",
    path: "/about",
    status: 200,
    durationMs: 10,
    userAgent: CHROME,
    ip: "1.0.0.1",
    request: new Request("http://localhost/"),
    ...fields,
  };
}

function trafficLog(
  database: Database,
  clock: { now: number },
  options: Partial<ConstructorParameters<typeof TrafficLog>[0]> = {},
) {
  return new TrafficLog({
    client: database.client,
    countries: table,
    currentUser: async () => null,
    hashIps: false,
    includeAdmin: false,
    retentionDays: 30,
    log: { error: () => {} },
    now: () => clock.now,
    ...options,
  });
}

describe("privacy", () => {
  test("visitor keys change with the daily salt; older salts are deleted", async () => {
    const database = await freshDatabase();
    const clock = { now: Date.UTC(2026, 5, 1, 12) };
    const log = trafficLog(database, clock);
    log.record(entry(clock.now));
    log.record(entry(clock.now + 60_000));
    await log.flush();
    clock.now += DAY_MS;
    log.record(entry(clock.now));
    await log.flush();
    const keys = (await logRows(database.client)).map((r) => r.visitor);
    expect(keys[0]).toBe(keys[1]!); // same day, same IP and browser
    expect(keys[2]).not.toBe(keys[0]!); // next day: a new salt
    // A request of yesterday flushed after midnight keeps yesterday's key: the visitor is not counted twice.
    log.record(entry(clock.now - DAY_MS + 120_000));
    await log.flush();
    expect((await logRows(database.client)).map((r) => r.visitor).at(-1)).toBe(keys[0]!);
    const saltDays = async () =>
      (await database.client.execute("SELECT day FROM traffic_salts ORDER BY day")).rows.map((r) => Number(r.day));
    const today = Math.floor(clock.now / DAY_MS);
    expect(await saltDays()).toEqual([today - 1, today]); // yesterday's kept one more day
    // Two visitor-days counted, one per day.
    expect((await trafficAnalytics(database.client, "all", clock.now)).uniqueVisitors).toBe(2);
    clock.now += DAY_MS;
    log.record(entry(clock.now));
    await log.flush();
    expect(await saltDays()).toEqual([today, today + 1]); // older salts are deleted
  });

  test("rows (and their raw IPs) are pruned after TRAFFIC_RETENTION_DAYS; the rollups stay", async () => {
    const database = await freshDatabase();
    const clock = { now: Date.UTC(2026, 0, 1, 12) };
    const log = trafficLog(database, clock, { retentionDays: 30 });
    log.record(entry(clock.now, { ip: "1.0.0.7" }));
    await log.flush();
    clock.now += 29 * DAY_MS;
    log.record(entry(clock.now));
    await log.flush();
    expect((await trafficLogs(database.client, { limit: 50 })).length).toBe(2);
    clock.now += 2 * DAY_MS; // day 31: the first row is past retention
    await log.flush();
    const left = await trafficLogs(database.client, { limit: 50 });
    expect(left.map((r) => r.ipAddress)).toEqual(["1.0.0.1"]);
    expect((await trafficAnalytics(database.client, "all", clock.now)).totalRequests).toBe(2);
  });

  test("TRAFFIC_RETENTION_DAYS is validated", () => {
    expect(loadConfig({}).TRAFFIC_RETENTION_DAYS).toBe(30);
    expect(loadConfig({ TRAFFIC_RETENTION_DAYS: "7" }).TRAFFIC_RETENTION_DAYS).toBe(7);
    for (const bad of ["0", "-3", "abc", "5000"])
      expect(() => loadConfig({ TRAFFIC_RETENTION_DAYS: bad })).toThrow(/TRAFFIC_RETENTION_DAYS/);
    expect(() => loadConfig({ TRAFFIC_HASH_IPS: "yes" })).toThrow(/TRAFFIC_HASH_IPS must be true or false/);
  });
});

describe("buffering", () => {
  test("a full buffer drops its oldest rows and counts them; nothing is written before a flush", async () => {
    const database = await freshDatabase();
    const clock = { now: Date.UTC(2026, 5, 1, 12) };
    const log = trafficLog(database, clock, { capacity: 3 });
    for (const path of ["/a", "/b", "/c", "/d", "/e"]) log.record(entry(clock.now, { path }));
    expect(log.dropped).toBe(2);
    expect(await logRows(database.client)).toEqual([]);
    await log.flush();
    expect((await trafficLogs(database.client, { limit: 10 })).map((r) => r.path)).toEqual(["/e", "/d", "/c"]);
  });
});

describe("the writer thread (the server's batches are written off the request thread)", () => {
  test("rows the thread took but had not written when it died are written by the server's thread: nothing lost", async () => {
    const database = await freshDatabase();
    const errors: unknown[] = [];
    let sink: ReturnType<typeof threadWriter> | undefined;
    let handedOver!: () => void;
    const taken = new Promise<void>((resolve) => (handedOver = resolve));
    const log = trafficLog(
      database,
      { now: Date.now() },
      {
        log: { error: (...args) => errors.push(args) },
        // Three rows hand a batch over (batchSize); no timer tick meanwhile (an idle tick sends the thread "maintain",
        // which writes what it holds first: with a 30 ms timer the thread wrote the rows within a tick, and on a
        // loaded machine died before its "written" reached the server, which wrote them again). The thread waits a
        // minute before writing what it was handed (500 ms in the server): it dies first, on any machine.
        batchSize: 3,
        intervalMs: 60_000,
        thread: (lost) => {
          sink = threadWriter({ url: database.url, hashIps: false, retentionDays: 30, writeDelayMs: 60_000 }, lost);
          // The thread's acknowledgement of a hand-over (taken, not written) is the event the test waits for.
          return { ...sink, handOver: (batch) => sink!.handOver!(batch).then(handedOver) };
        },
      },
    );
    log.start();
    await log.flush(); // the thread has opened the database: batches are now handed over
    for (const path of ["/a", "/b", "/c"]) log.record(entry(Date.now(), { path }));
    await taken; // handed over at the batch size and acknowledged (taken, not written)
    sink!.close!(); // the thread dies before its write (the old code lost /a, /b and /c here)
    log.record(entry(Date.now(), { path: "/d" }));
    await log.stop();
    expect((await logRows(database.client)).map((r) => r.path)).toEqual(["/a", "/b", "/c", "/d"]);
    expect([log.failed, log.dropped]).toEqual([0, 0]);
    expect(errors.length).toBeGreaterThan(0); // the switch to the server's thread is logged
  });

  test("a write that fails inside the thread is counted as failed and logged, not lost silently", async () => {
    const database = await freshDatabase();
    const errors: unknown[][] = [];
    const log = trafficLog(
      database,
      { now: Date.now() },
      {
        log: { error: (...args) => errors.push(args) },
        intervalMs: 30,
        thread: (lost) => threadWriter({ url: database.url, hashIps: false, retentionDays: 30 }, lost),
      },
    );
    log.start();
    await log.flush();
    await database.client.execute("DROP TABLE traffic_segments");
    for (const path of ["/a", "/b"]) log.record(entry(Date.now(), { path }));
    for (let waited = 0; log.failed < 2 && waited < 5_000; waited += 50) await Bun.sleep(50);
    expect(log.failed).toBe(2);
    expect(errors.some((e) => String(e[0]).includes("could not write the request log"))).toBe(true);
    await log.stop().catch(() => {});
  });

  test("rows written by the thread carry the derived fields; stop() flushes the rest", async () => {
    const database = await freshDatabase();
    const errors: unknown[] = [];
    const log = trafficLog(
      database,
      { now: Date.now() },
      {
        countries: () => {
          throw new Error("the server's thread never loads the country table when the writer thread works");
        },
        log: { error: (...args) => errors.push(args) },
        thread: () => threadWriter({ url: database.url, hashIps: false, retentionDays: 30 }),
      },
    );
    log.start();
    expect(log.threaded).toBe(true);
    log.record(entry(Date.now(), { path: "/place/8812", ip: "1.0.2.9", userAgent: IPHONE }));
    log.record(entry(Date.now(), { path: "/about", userAgent: GOOGLEBOT }));
    await log.flush();
    log.record(entry(Date.now(), { path: "/map" }));
    await log.stop();
    const rows = await logRows(database.client);
    expect(rows.map((r) => [r.path, r.country, r.device, Number(r.bot)])).toEqual([
      ["/place/:id", "CN", "mobile", 0],
      ["/about", "AU", "desktop", 1],
      ["/map", "AU", "desktop", 0],
    ]);
    expect(String(rows[0]!.visitor)).toMatch(/^[0-9a-f]{32}$/);
    expect((await trafficAnalytics(database.client, "all")).totalRequests).toBe(3);
    expect(errors).toEqual([]);
  });

  test("batches handed over by the timer and at the batch size are written together within about a second, in order, with every field and figure", async () => {
    const database = await freshDatabase();
    const errors: unknown[] = [];
    const log = trafficLog(
      database,
      { now: Date.now() },
      {
        log: { error: (...args) => errors.push(args) },
        batchSize: 3,
        intervalMs: 50,
        thread: () => threadWriter({ url: database.url, hashIps: false, retentionDays: 30 }),
      },
    );
    log.start();
    await log.flush(); // the thread has opened the database: later batches are handed over
    const sent: Array<[string, number, number]> = [];
    for (let i = 0; i < 20; i++) {
      const row: [string, number, number] = [`/page-${i % 4}`, i % 7 === 6 ? 404 : 200, i === 13 ? 1.25 : 10];
      sent.push(row);
      log.record(
        entry(Date.now(), {
          path: row[0],
          status: row[1],
          durationMs: row[2],
          userAgent: i === 5 ? GOOGLEBOT : CHROME,
        }),
      );
      if (i % 5 === 4) await Bun.sleep(60); // a few timer flushes and a few at the batch size
    }
    // No flush(): the thread writes what it was handed within WRITE_DELAY_MS (500 ms) of the first batch.
    let rows: Awaited<ReturnType<typeof logRows>> = [];
    for (let waited = 0; rows.length < 20 && waited < 5_000; waited += 100) {
      await Bun.sleep(100);
      rows = await logRows(database.client);
    }
    expect(rows.map((r) => [r.path, r.status, r.duration_ms])).toEqual(sent);
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 20 }, (_, i) => rows[0]!.id + i));
    expect(
      Number((await database.client.execute("SELECT count(*) AS n FROM traffic_segments")).rows[0]!.n),
    ).toBeGreaterThan(1);
    const figures = await trafficAnalytics(database.client, "all");
    expect([figures.totalRequests, figures.bots]).toEqual([20, 1]);
    expect(figures.topPages.reduce((n, p) => n + p.visits, 0)).toBe(19);
    expect(figures.uniqueVisitors).toBe(1);
    await log.stop();
    expect(errors).toEqual([]);
  });

  test("a writer thread that cannot open the database gives way to writing in the server's thread; nothing is lost", async () => {
    const database = await freshDatabase();
    const errors: string[] = [];
    const log = trafficLog(
      database,
      { now: Date.now() },
      {
        log: { error: (...args) => errors.push(args.map(String).join(" ")) },
        thread: () => threadWriter({ url: "nonsense://nowhere", hashIps: false, retentionDays: 30 }),
      },
    );
    log.start();
    log.record(entry(Date.now(), { path: "/about" }));
    await log.flush();
    expect(log.threaded).toBe(false);
    expect(errors.join("\n")).toContain("writing in the server's thread");
    expect((await trafficLogs(database.client, { limit: 5 })).map((r) => r.path)).toEqual(["/about"]);
    expect(log.failed).toBe(0);
    await log.stop();
  });
});

describe("storage: one segment row per written batch (migration 0011)", () => {
  test("rows logged before 0011 keep their ids and fields; later entries continue after them; the live log pages with `before`", async () => {
    const url = `file:${join(testDir("localscope-traffic-"), "t.db")}`;
    const database = await openDatabase(url);
    const { migrations } = await import("../../db/migrations");
    await migrate(
      database.client,
      migrations.filter((m) => m.tag !== "0011_traffic_segments"),
    );
    const at = Date.UTC(2026, 5, 1, 12);
    for (const [ip, path] of [
      ["1.0.0.1", "/about"],
      [null, "/map"],
    ] as const) {
      await database.client.execute({
        sql: "INSERT INTO traffic_log (at, method, path, status, duration_ms, user_agent, device, country, ip, visitor, user_id, bot) VALUES (?, 'GET', ?, 200, 12.5, ?, 'mobile', 'AU', ?, 'abcdef0123456789abcdef0123456789', 7, 0)",
        args: [at, path, IPHONE, ip],
      });
    }
    await migrate(database.client);
    expect(await trafficLogs(database.client, { limit: 5 })).toEqual([
      {
        id: 2,
        method: "GET",
        path: "/map",
        ipAddress: "#abcdef0123",
        country: "AU",
        statusCode: 200,
        userAgent: IPHONE,
        timestamp: new Date(at).toISOString(),
        device: "mobile",
        bot: false,
        durationMs: 12.5,
      },
      {
        id: 1,
        method: "GET",
        path: "/about",
        ipAddress: "1.0.0.1",
        country: "AU",
        statusCode: 200,
        userAgent: IPHONE,
        timestamp: new Date(at).toISOString(),
        device: "mobile",
        bot: false,
        durationMs: 12.5,
      },
    ]);
    const clock = { now: at + 60_000 };
    const log = trafficLog(database, clock);
    for (const path of ["/a", "/b", "/c"]) log.record(entry(clock.now, { path }));
    await log.flush();
    log.record(entry(clock.now, { path: "/d" }));
    await log.flush();
    const latest = await trafficLogs(database.client, { limit: 3 });
    expect(latest.map((e) => [e.id, e.path])).toEqual([
      [6, "/d"],
      [5, "/c"],
      [4, "/b"],
    ]);
    // The next page starts inside a segment.
    expect((await trafficLogs(database.client, { limit: 3, before: 4 })).map((e) => [e.id, e.path])).toEqual([
      [3, "/a"],
      [2, "/map"],
      [1, "/about"],
    ]);
    expect((await logRows(database.client)).map((r) => r.user_id)).toEqual([7, 7, null, null, null, null]);
    // Pruning everything never reuses an id.
    clock.now += 40 * DAY_MS;
    await log.flush();
    expect(await trafficLogs(database.client, { limit: 5 })).toEqual([]);
    log.record(entry(clock.now, { path: "/e" }));
    await log.flush();
    expect((await trafficLogs(database.client, { limit: 5 })).map((e) => e.id)).toEqual([7]);
  });
});

describe("analytics from the hourly rollups", () => {
  test("figures on a fixture: totals, bots apart, visitors, pages, countries, hours, ranges, recent visitors", async () => {
    const database = await freshDatabase();
    const now = Date.UTC(2026, 5, 10, 15, 30);
    const clock = { now };
    const log = trafficLog(database, clock);
    // Today 15:xx: two people (AU desktop, CN iPhone) and a bot.
    log.record(entry(now - 60_000, { path: "/", ip: "1.0.0.1" }));
    log.record(entry(now - 50_000, { path: "/about", ip: "1.0.0.1" }));
    log.record(entry(now - 40_000, { path: "/", ip: "1.0.2.9", userAgent: IPHONE }));
    log.record(entry(now - 30_000, { path: "/secret-crawl", ip: "1.0.0.99", userAgent: GOOGLEBOT }));
    log.record(entry(now - 20_000, { path: "/test-boom", status: 500, ip: "10.0.0.5" }));
    // Ten days ago at 03:xx: one more visit.
    log.record(entry(now - 10 * DAY_MS - 12 * HOUR_MS, { path: "/map", ip: "2000::1" }));
    await log.flush();

    const all = await trafficAnalytics(database.client, "all", now);
    expect(all.totalRequests).toBe(6);
    expect(all.bots).toBe(1);
    expect(all.uniqueVisitors).toBe(4); // AU, CN, the private address today; CH ten days ago; never the bot
    expect(all.topPages).toEqual([
      { path: "/", visits: 2 },
      { path: "/about", visits: 1 },
      { path: "/map", visits: 1 },
      { path: "/test-boom", visits: 1 },
    ]);
    expect(all.topCountries).toEqual([
      { country: "AU", visits: 2 },
      { country: "CH", visits: 1 },
      { country: "CN", visits: 1 },
      { country: "Unknown", visits: 1 },
    ]);
    expect(all.hourlyTraffic).toHaveLength(24);
    expect(all.hourlyTraffic[15]).toEqual({ hour: 15, requests: 5 });
    expect(all.hourlyTraffic[3]).toEqual({ hour: 3, requests: 1 });
    expect(all.recentVisitors.map((v) => [v.path, v.ipAddress, v.country, v.device])).toEqual([
      ["/test-boom", "10.0.0.5", "Unknown", "desktop"],
      ["/", "1.0.2.9", "CN", "mobile"],
      ["/about", "1.0.0.1", "AU", "desktop"],
      ["/map", "2000::1", "CH", "desktop"],
    ]);
    expect(all.recentVisitors.some((v) => v.path === "/secret-crawl")).toBe(false);

    const day = await trafficAnalytics(database.client, "24h", now);
    expect([day.totalRequests, day.uniqueVisitors, day.bots]).toEqual([5, 3, 1]);
    expect(day.topPages.some((p) => p.path === "/map")).toBe(false);
    expect(day.timeline.at(-1)).toEqual({
      at: new Date(Date.UTC(2026, 5, 10, 15)).toISOString(),
      requests: 5,
      bots: 1,
    });
    // 7 and 30 days: the partial first day from the hourly rows, whole days from the daily ones.
    const week = await trafficAnalytics(database.client, "7d", now);
    expect([week.totalRequests, week.topPages.some((p) => p.path === "/map")]).toEqual([5, false]);
    const month = await trafficAnalytics(database.client, "30d", now);
    expect([
      month.totalRequests,
      month.topPages.find((p) => p.path === "/map")?.visits,
      month.topCountries.find((c) => c.country === "CH")?.visits,
    ]).toEqual([6, 1, 1]);

    // The seam for the admin analytics' performance figures.
    const performance = await trafficPerformance(database.client, { now });
    expect(performance.avgResponseTime).toBeCloseTo(0.01, 5); // 10 ms each, in seconds
    expect(performance.errorRate).toBeCloseTo((1 / 6) * 100, 5);
    expect(performance.peakUsageHours[0]).toEqual({ hour: 15 });
    expect((await trafficPerformance(database.client, { now, hours: 24 })).requests).toBe(5);
  });
});

describe("API (admin only)", () => {
  test("anonymous 401, others 403; the admin gets the product's shape, bad parameters are a 400 with field messages", async () => {
    const { call, request, signUpAdmin, rows } = await loggedApp();
    expect((await request("/api/admin/traffic-analytics")).status).toBe(401);
    const guest = await continueAsGuest(request);
    const denied = await request("/api/admin/traffic-logs", { headers: { cookie: guest.cookie } });
    expect(denied.status).toBe(403);
    expect(await denied.json()).toEqual({ message: "Access denied. Admin privileges required.", errors: {} });

    const admin = await signUpAdmin();
    const get = (path: string) => request(path, { headers: { cookie: admin.cookie } });
    for (let i = 0; i < 3; i++) await call(`/about?i=${i}`, { ip: `1.0.0.${10 + i}` });
    await call("/about", { ip: "1.0.0.50" });
    await rows(); // flushed
    const analytics = await get("/api/admin/traffic-analytics?range=24h");
    expect(analytics.status).toBe(200);
    const body = await analytics.json();
    expect(Object.keys(body).sort()).toEqual([
      "bots",
      "hourlyTraffic",
      "range",
      "recentVisitors",
      "timeline",
      "topCountries",
      "topPages",
      "totalRequests",
      "uniqueVisitors",
    ]);
    expect(body.range).toBe("24h");

    const logs = (await (await get("/api/admin/traffic-logs?limit=2")).json()) as Array<{
      id: number;
      path: string;
      ipAddress: string;
      statusCode: number;
    }>;
    expect(logs).toHaveLength(2);
    expect(logs[0]).toMatchObject({
      path: "/about",
      ipAddress: "1.0.0.50",
      statusCode: 200,
      country: "AU",
      method: "GET",
    });
    const older = (await (await get(`/api/admin/traffic-logs?limit=2&before=${logs[1]!.id}`)).json()) as Array<{
      id: number;
    }>;
    expect(older.every((r) => r.id < logs[1]!.id)).toBe(true);
    expect(older).toHaveLength(2);

    const bad = await get("/api/admin/traffic-logs?limit=500&before=x");
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({
      limit: ["limit must be a whole number from 1 to 200"],
      before: [expect.stringContaining("before must be a whole number")],
    });
    const badRange = await get("/api/admin/traffic-analytics?range=1y");
    expect(badRange.status).toBe(400);
    expect((await badRange.json()).errors.range).toEqual(["range must be one of 24h, 7d, 30d, all"]);
  });
});

describe("a bounded log: nobody can grow it without end", () => {
  const writer = (database: Database, bounds: { perClientPerHour: number; maxBytes: number }, now: number) =>
    new BatchWriter({
      client: database.client,
      countries: table,
      hashIps: false,
      retentionDays: 30,
      log: { error: () => {} },
      now: () => now,
      bounds,
    });
  const count = async (database: Database, sql: string) => Number((await database.client.execute(sql)).rows[0]!.n);

  test("a flood of unique paths and agents from one client (an IPv6 /64): its first requests of the hour stored, the rest only counted", async () => {
    const database = await freshDatabase();
    const now = Date.UTC(2026, 5, 1, 12);
    const log = writer(database, { perClientPerHour: 50, maxBytes: 1e9 }, now);
    for (let b = 0; b < 10; b++) {
      await log.write(
        batchOf(
          Array.from({ length: 100 }, (_, i) => ({
            at: now + b * 100 + i,
            method: "GET",
            path: `/f${b}x${i}`,
            status: 404,
            durationMs: 1,
            userAgent: `${CHROME} ${b * 100 + i}`,
            ip: `2001:db8:1:2::${(b * 100 + i).toString(16)}`,
          })),
        ),
      );
    }
    await log.write(
      batchOf([
        {
          at: now + 5_000,
          method: "GET",
          path: "/about",
          status: 200,
          durationMs: 1,
          userAgent: CHROME,
          ip: "81.2.69.160",
        },
      ]),
    );
    const rows = await logRows(database.client);
    expect(rows.length).toBe(51);
    expect(rows.at(-1)!.path).toBe("/about"); // another client is not held back
    expect(await count(database, "SELECT count(*) AS n FROM traffic_pages_total")).toBe(51);
    expect(await count(database, "SELECT count(*) AS n FROM traffic_visitors")).toBe(51);
    // Every request is still counted.
    expect((await trafficAnalytics(database.client, "all", now + 10_000)).totalRequests).toBe(1_001);
  });

  test("past the size budget the oldest stored entries go first", async () => {
    const database = await freshDatabase();
    const now = Date.UTC(2026, 5, 1, 12);
    const log = writer(database, { perClientPerHour: 1e9, maxBytes: 20_000 }, now);
    for (let b = 0; b < 40; b++) {
      await log.write(
        batchOf(
          Array.from({ length: 20 }, (_, i) => ({
            at: now + b * 20 + i,
            method: "GET",
            path: `/page-${b}-${i}`,
            status: 200,
            durationMs: 1,
            userAgent: CHROME,
            ip: `81.2.${b}.${i}`,
          })),
        ),
      );
    }
    expect(await count(database, "SELECT sum(length(data)) AS n FROM traffic_segments")).toBeLessThanOrEqual(20_000);
    const rows = await logRows(database.client);
    expect(rows.at(-1)!.path).toBe("/page-39-19");
    expect(rows.length).toBeLessThan(800);
    // Kept entries are the newest, without a gap.
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: rows.length }, (_, i) => rows[0]!.id + i));
  });

  test("hourly and daily page and country rollups older than the ranges go; all-time totals stay", async () => {
    const database = await freshDatabase();
    const then = Date.UTC(2026, 0, 1, 12);
    await writer(database, LOG_BOUNDS, then).write(
      batchOf([
        { at: then, method: "GET", path: "/old", status: 200, durationMs: 1, userAgent: CHROME, ip: "81.2.69.160" },
      ]),
    );
    const later = then + 40 * DAY_MS;
    await writer(database, LOG_BOUNDS, later).maintain();
    for (const t of ["traffic_pages", "traffic_pages_daily", "traffic_countries", "traffic_countries_daily"])
      expect({ t, n: await count(database, `SELECT count(*) AS n FROM ${t}`) }).toEqual({ t, n: 0 });
    const all = await trafficAnalytics(database.client, "all", later);
    expect([all.totalRequests, all.topPages]).toEqual([1, [{ path: "/old", visits: 1 }]]);
  });
});
