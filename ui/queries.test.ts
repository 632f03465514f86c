import { describe, expect, test } from "bun:test";
import { ApiError } from "./api";
import { LIST_CACHE, mutationRetryRule, QUERY_DEFAULTS, retryDelay, retryRule } from "./queries";

const http = (status: number) => new ApiError(status, `HTTP ${status}`);
/** How many retries a rule allows for an error (it is asked with 0, 1, 2 … failures so far). */
const retries = (rule: (n: number, e: unknown) => boolean, error: unknown) => {
  let n = 0;
  while (rule(n, error) && n < 10) n++;
  return n;
};

describe("query retry rule (docs/product.md)", () => {
  test("client errors are final", () => {
    for (const status of [400, 401, 403, 404, 409, 422, 499]) expect(retries(retryRule, http(status))).toBe(0);
  });
  test("408 and 429 are retried up to 2 times", () => {
    expect(retries(retryRule, http(408))).toBe(2);
    expect(retries(retryRule, http(429))).toBe(2);
  });
  test("server errors and network failures are retried up to 3 times", () => {
    for (const error of [
      http(500),
      http(502),
      http(503),
      new TypeError("Failed to fetch"),
      new Error("Failed to fetch nearby places"),
    ]) {
      expect(retries(retryRule, error)).toBe(3);
    }
  });
  test("mutations: up to 2 retries, only for 5xx or no status", () => {
    expect(retries(mutationRetryRule, http(500))).toBe(2);
    expect(retries(mutationRetryRule, new TypeError("Failed to fetch"))).toBe(2);
    for (const status of [400, 401, 408, 429]) expect(retries(mutationRetryRule, http(status))).toBe(0);
  });
  test("the delay starts at 1 s, doubles, and stops at 30 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(retryDelay)).toEqual([1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000]);
  });
  test("fresh 5 min and kept 10 min by default; nearby and local gems fresh 30 min, kept 60 min; no refetch on focus", () => {
    expect(QUERY_DEFAULTS.queries.staleTime).toBe(300_000);
    expect(QUERY_DEFAULTS.queries.gcTime).toBe(600_000);
    expect(QUERY_DEFAULTS.queries.refetchOnWindowFocus).toBe(false);
    expect(LIST_CACHE).toEqual({ staleTime: 1_800_000, gcTime: 3_600_000 });
  });
});

describe("activity tracking", () => {
  test("is skipped with a warning when activityType is missing; otherwise posts the record and swallows failures", async () => {
    const { trackActivity } = await import("./queries");
    const calls: Array<[string, RequestInit | undefined]> = [];
    const warnings: unknown[][] = [];
    const realFetch = globalThis.fetch;
    const realWarn = console.warn;
    globalThis.fetch = (async (url: string, init?: RequestInit) => {
      calls.push([url, init]);
      throw new TypeError("offline");
    }) as unknown as typeof fetch;
    console.warn = (...args: unknown[]) => void warnings.push(args);
    try {
      trackActivity({ cityName: "Las Vegas" });
      expect(calls).toHaveLength(0);
      expect(String(warnings[0]?.[0])).toContain("activityType is missing");

      trackActivity({
        activityType: "place_visited",
        cityName: "Las Vegas",
        cityState: "NV",
        placeId: 428,
        categoryId: 8,
      });
      await Bun.sleep(5); // the rejected request must not surface
      expect(calls).toHaveLength(1);
      expect(calls[0]![0]).toBe("/api/activities");
      expect(calls[0]![1]?.method).toBe("POST");
      expect(JSON.parse(String(calls[0]![1]?.body))).toEqual({
        activityType: "place_visited",
        cityName: "Las Vegas",
        cityState: "NV",
        placeId: 428,
        categoryId: 8,
        activityData: {},
      });
    } finally {
      globalThis.fetch = realFetch;
      console.warn = realWarn;
    }
  });
});
