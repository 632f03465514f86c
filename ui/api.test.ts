import { afterEach, describe, expect, test } from "bun:test";
import { apiRequest, ApiError } from "./api";
import { fetchMapBatch } from "./map/api";

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** Records each call's URL and init, answering with `answer`. */
function recordFetch(answer: () => Response) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  globalThis.fetch = (async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  }) as typeof fetch;
  return calls;
}

describe("apiRequest credentials", () => {
  test("sent by default; with an AbortSignal as before", async () => {
    const calls = recordFetch(() => Response.json([]));
    const signal = new AbortController().signal;
    await apiRequest("GET", "/api/a");
    await apiRequest("GET", "/api/b", undefined, signal);
    expect(calls.map((c) => c.init.credentials)).toEqual(["include", "include"]);
    expect(calls[1]!.init.signal).toBe(signal);
  });

  test("the map's place calls send no credentials (spec: 'Map place calls send no credentials')", async () => {
    const calls = recordFetch(() => Response.json([]));
    await fetchMapBatch({ name: "Las Vegas", stateCode: "NV" }, 12);
    expect(calls.map((c) => c.url).sort()).toEqual([
      "/api/places/featured?city=Las+Vegas&state=NV&count=6&offset=12",
      "/api/places/nearby?city=Las+Vegas&state=NV&count=6&offset=12",
    ]);
    expect(calls.map((c) => c.init.credentials)).toEqual(["omit", "omit"]);
  });

  test("a failed map batch says which list failed and keeps the status (for the retry rules)", async () => {
    recordFetch(() => Response.json({ message: "boom" }, { status: 503 }));
    const error = await fetchMapBatch({ name: "Las Vegas", stateCode: "NV" }, 0).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect([error.status, error.message]).toEqual([503, "Failed to fetch nearby places"]);
  });
});
