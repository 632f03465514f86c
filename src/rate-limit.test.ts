import { afterAll, expect, test } from "bun:test";
import { migratedDatabase } from "../db/testing-template";
import { hitSlidingLog } from "./rate-limit";

const database = await migratedDatabase("ls-rate-");
afterAll(() => database.close());

test("a sliding log allows `limit` hits a window per key, refuses the next with the wait, and forgets old hits", async () => {
  const log = { table: "chat_requests", keyColumn: "user_id", limit: 3, windowMs: 60_000 };
  const t0 = 1_000_000;
  for (let i = 0; i < 3; i++)
    expect(await hitSlidingLog(database.client, log, [7], t0 + i * 1000)).toEqual({ allowed: true });
  // The fourth within the minute: refused until the first hit (t0) leaves the window, 57 s later.
  expect(await hitSlidingLog(database.client, log, [7], t0 + 3000)).toEqual({ allowed: false, retryAfterSeconds: 57 });
  // Another key is not affected; the refused hit was not counted.
  expect(await hitSlidingLog(database.client, log, [8], t0 + 3000)).toEqual({ allowed: true });
  expect(await hitSlidingLog(database.client, log, [7], t0 + 60_001)).toEqual({ allowed: true });
});

test("several keys at once: one key over its limit refuses the hit for all, and none is counted", async () => {
  const log = { table: "auth_attempts", keyColumn: "key", limit: 2, windowMs: 60_000 };
  const t0 = 2_000_000;
  expect(await hitSlidingLog(database.client, log, ["ip:a", "email:x"], t0)).toEqual({ allowed: true });
  expect(await hitSlidingLog(database.client, log, ["ip:a", "email:y"], t0 + 10)).toEqual({ allowed: true });
  expect(await hitSlidingLog(database.client, log, ["ip:a", "email:z"], t0 + 20)).toEqual({
    allowed: false,
    retryAfterSeconds: 60,
  });
  // email:z was not counted while ip:a refused it.
  const { rows } = await database.client.execute("SELECT count(*) AS n FROM auth_attempts WHERE key = 'email:z'");
  expect(Number(rows[0]!.n)).toBe(0);
});
