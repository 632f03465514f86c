import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { silentLog, testApp, testServices } from "../../src/testing";
import { ContentService } from "./service";
import { itemKey, type FunFact, type HistoryEntry } from "./provider";
import { groundedProvider } from "./grounded";
import { ollamaProvider } from "./ollama";
import { createLlm } from "../llm";
import { continueAsGuest, signUp } from "../auth/testing";
import { MODEL_FACT_PREFIX, startOllamaTestServer, type OllamaTestServer } from "./ollama-test-server";

// Places are imported per state on first use: import the states these tests use once, up front.
beforeAll(async () => {
  const { cityIndex, places } = await testServices();
  for (const [name, state] of [
    ["Las Vegas", "NV"],
    ["Abbeville", "AL"],
    ["Chicago", "IL"],
    ["Salt Lake City", "UT"],
    ["Boston", "MA"],
    ["Mentone", "TX"],
  ] as const) {
    await places.around(cityIndex.find(name, state)!, 1);
  }
}, 180_000);

const servers: OllamaTestServer[] = [];
afterAll(() => {
  for (const s of servers) s.stop();
});
const ollamaServer = (mode: Parameters<typeof startOllamaTestServer>[0] = "ok") => {
  const server = startOllamaTestServer(mode);
  servers.push(server);
  return server;
};

const post = (path: string, body: unknown) => ({
  method: "POST",
  headers: { "content-type": "application/json" },
  body: typeof body === "string" ? body : JSON.stringify(body),
});

type Fact = FunFact;
type History = HistoryEntry;

describe("facts and history without a model (data-grounded)", () => {
  test("POST /api/fun-facts/city answers five sourced facts by default; a statistic never leads", async () => {
    const { request } = await testApp();
    const response = await request("/api/fun-facts/city", post("", { cityName: "Boston", stateCode: "MA" }));
    expect(response.status).toBe(200);
    const { facts } = (await response.json()) as { facts: Fact[] };
    expect(facts).toHaveLength(5);
    for (const fact of facts) {
      expect(fact.title.length).toBeGreaterThan(2);
      expect(fact.summary.length).toBeGreaterThan(20);
      expect(fact.category.length).toBeGreaterThan(1);
      expect(fact.source!.name.length).toBeGreaterThan(2);
    }
    // WordNet's nicknames for Boston lead; no bare statistic (ZIP codes, latitude, population) among the first five.
    expect(facts[0]!.title).toContain("Bean Town");
    expect(facts[0]!.source!.name).toContain("WordNet");
    for (const fact of facts)
      expect(`${fact.title} ${fact.summary}`).not.toMatch(/ZIP codes|° north|most common kind|urban area of/);
    expect(new Set(facts.map((f) => itemKey(f.title))).size).toBe(5);
  });

  test("count chooses the batch size; the same request gives the same facts", async () => {
    const { request } = await testApp();
    const a = (await (
      await request("/api/fun-facts/city", post("", { cityName: "Abbeville", stateCode: "AL", count: 3 }))
    ).json()) as { facts: Fact[] };
    const b = (await (
      await request("/api/fun-facts/city", post("", { cityName: "abbeville", stateCode: "al", count: "3" }))
    ).json()) as { facts: Fact[] };
    expect(a.facts).toHaveLength(3);
    expect(b.facts).toEqual(a.facts);
  });

  test("history is built from the city's historic places: by the year built, designations named as such, each a real place", async () => {
    const { request } = await testApp();
    const response = await request("/api/city-history/Chicago/IL");
    expect(response.status).toBe(200);
    const history = (await response.json()) as History[];
    expect(history).toHaveLength(6);
    for (const entry of history)
      expect(entry.period).toMatch(
        /^(Built|Constructed|Completed|Erected|Opened|Founded|Established|Laid out|Platted|Incorporated) \d{4}$|^(Designated|Listed on the National Register|Placed) \d{4}$|^Date not recorded$/,
      );
    const built = history
      .filter((h) => !/^(Designated|Listed|Placed|Date)/.test(h.period))
      .map((h) => Number(h.period.slice(-4)));
    expect(built.length).toBeGreaterThan(0);
    for (const entry of history) {
      expect(entry.significance).not.toMatch(/oldest of the/);
      expect(Object.keys(entry).sort()).toEqual([
        "category",
        "content",
        "id",
        "period",
        "significance",
        "source",
        "title",
      ]);
      const place = await request(`/api/places/${entry.id.replace("place-", "")}`);
      expect(place.status).toBe(200);
      expect(((await place.json()) as { title: string }).title).toBe(entry.title);
    }
  });

  test("history path values are URL-decoded; a city with no historic places answers []", async () => {
    const { request } = await testApp();
    const slc = await request("/api/city-history/Salt%20Lake%20City/UT");
    expect(slc.status).toBe(200);
    expect(((await slc.json()) as History[]).length).toBeGreaterThan(0);
    const empty = await request("/api/city-history/Mentone/TX");
    expect(empty.status).toBe(200);
    expect(await empty.json()).toEqual([]);
  });

  test("dive-deeper gives three different levels for a fact", async () => {
    const { request } = await testApp();
    const { facts } = (await (
      await request("/api/fun-facts/city", post("", { cityName: "Boston", stateCode: "MA" }))
    ).json()) as { facts: Fact[] };
    const fact = facts[0]!;
    const levels: string[] = [];
    for (const level of [1, 2, 3]) {
      const response = await request(
        "/api/fun-facts/dive-deeper",
        post("", { factTitle: fact.title, factSummary: fact.summary, cityName: "Boston", stateCode: "MA", level }),
      );
      expect(response.status).toBe(200);
      const { details } = (await response.json()) as { details: string };
      expect(details.length).toBeGreaterThan(20);
      levels.push(details);
    }
    expect(new Set(levels).size).toBe(3);
  });

  test("dive-deeper on a fact we did not write still answers, honestly, from the city's data", async () => {
    const { request } = await testApp();
    const response = await request(
      "/api/fun-facts/dive-deeper",
      post("", {
        factTitle: "The tallest sandcastle",
        factSummary: "?",
        cityName: "Boston",
        stateCode: "MA",
        level: 3,
      }),
    );
    expect(response.status).toBe(200);
    const { details } = (await response.json()) as { details: string };
    expect(details).not.toContain("sandcastle");
    expect(details).toContain("Boston");
  });
});

describe("load more needs a signed-in user and never repeats an item", () => {
  test("anonymous load-more is 401 with a message, for facts and history", async () => {
    const { request } = await testApp();
    const facts = await request(
      "/api/fun-facts/city",
      post("", { cityName: "Las Vegas", stateCode: "NV", more: true }),
    );
    expect(facts.status).toBe(401);
    expect(((await facts.json()) as { message: string }).message).toBe("Please log in to load more facts.");
    const history = await request("/api/city-history/more", post("", { cityName: "Las Vegas", stateCode: "NV" }));
    expect(history.status).toBe(401);
    expect(((await history.json()) as { message: string }).message).toBe("Please log in to load more history.");
  });

  test("signed in (a guest counts), Show More answers only new items, then an empty list", async () => {
    const { request } = await testApp();
    const { cookie } = await continueAsGuest(request);
    const withSession = (body: unknown) => ({
      ...post("", body),
      headers: { "content-type": "application/json", cookie },
    });
    const first = (await (
      await request("/api/fun-facts/city", withSession({ cityName: "Chicago", stateCode: "IL" }))
    ).json()) as { facts: Fact[] };
    expect(first.facts).toHaveLength(5);
    const seen = first.facts.map((f) => f.title);
    let more: Fact[] = [];
    do {
      const response = await request(
        "/api/fun-facts/city",
        withSession({ cityName: "Chicago", stateCode: "IL", more: true }),
      );
      expect(response.status).toBe(200);
      more = ((await response.json()) as { facts: Fact[] }).facts;
      for (const fact of more) expect(seen).not.toContain(fact.title);
      seen.push(...more.map((f) => f.title));
    } while (more.length > 0 && seen.length < 100);
    expect(more).toEqual([]);
    expect(seen.length).toBeGreaterThan(5);

    const account = await signUp(request);
    const history = await request("/api/city-history/more", {
      ...post("", { cityName: "Chicago", stateCode: "IL" }),
      headers: { "content-type": "application/json", cookie: account.cookie },
    });
    expect(history.status).toBe(200);
    expect(((await history.json()) as { history: History[] }).history).toHaveLength(4);
  }, 60_000);

  test("a user's batches never repeat a fact or a history entry, then come back empty", async () => {
    const { database, places, cityIndex } = await testServices();
    const content = new ContentService({
      client: database.client,
      places,
      grounded: groundedProvider(),
      log: silentLog(),
    });
    const city = cityIndex.find("Salt Lake City", "UT")!;
    for (const kind of ["facts", "history"] as const) {
      const userId = kind === "facts" ? 900_001 : 900_002;
      const first = await content.batch(kind, city, 5, { userId, more: false });
      expect(first).toHaveLength(5);
      const seen = first.map((item) => item.title);
      for (let round = 0; round < 30; round++) {
        const more = await content.batch(kind, city, 4, { userId, more: true });
        if (!more.length) break;
        for (const item of more) expect(seen).not.toContain(item.title);
        seen.push(...more.map((item) => item.title));
      }
      expect(await content.batch(kind, city, 4, { userId, more: true })).toEqual([]);
      expect(seen.length).toBeGreaterThan(9);
      // Another user starts from the beginning; so does the first call of the page.
      expect((await content.batch(kind, city, 4, { userId: userId + 10, more: true })).map((i) => i.title)).toEqual(
        seen.slice(0, 4),
      );
      expect((await content.batch(kind, city, 5, { userId, more: false })).map((i) => i.title)).toEqual(
        seen.slice(0, 5),
      );
    }
  });
});

describe("bad input is a 400 with a field message, never a 500", () => {
  const cases: Array<[string, string, unknown, string]> = [
    ["/api/fun-facts/city", "missing cityName", { stateCode: "NV" }, "cityName"],
    ["/api/fun-facts/city", "missing stateCode", { cityName: "Las Vegas" }, "stateCode"],
    ["/api/fun-facts/city", "count 0", { cityName: "Las Vegas", stateCode: "NV", count: 0 }, "count"],
    ["/api/fun-facts/city", "count 21", { cityName: "Las Vegas", stateCode: "NV", count: 21 }, "count"],
    ["/api/fun-facts/city", "count text", { cityName: "Las Vegas", stateCode: "NV", count: "five" }, "count"],
    ["/api/fun-facts/city", "more not boolean", { cityName: "Las Vegas", stateCode: "NV", more: "yes" }, "more"],
    ["/api/city-history/more", "count 1.5", { cityName: "Las Vegas", stateCode: "NV", count: 1.5 }, "count"],
    ["/api/city-history/more", "missing city", { stateCode: "NV" }, "cityName"],
    [
      "/api/fun-facts/dive-deeper",
      "level 0",
      { factTitle: "x", cityName: "Las Vegas", stateCode: "NV", level: 0 },
      "level",
    ],
    [
      "/api/fun-facts/dive-deeper",
      "level 4",
      { factTitle: "x", cityName: "Las Vegas", stateCode: "NV", level: 4 },
      "level",
    ],
    [
      "/api/fun-facts/dive-deeper",
      "level text",
      { factTitle: "x", cityName: "Las Vegas", stateCode: "NV", level: "deep" },
      "level",
    ],
    [
      "/api/fun-facts/dive-deeper",
      "level 2.5",
      { factTitle: "x", cityName: "Las Vegas", stateCode: "NV", level: 2.5 },
      "level",
    ],
    [
      "/api/fun-facts/dive-deeper",
      "missing level",
      { factTitle: "x", cityName: "Las Vegas", stateCode: "NV" },
      "level",
    ],
    [
      "/api/fun-facts/dive-deeper",
      "missing factTitle",
      { cityName: "Las Vegas", stateCode: "NV", level: 1 },
      "factTitle",
    ],
  ];
  for (const [path, name, body, field] of cases) {
    test(`${path}: ${name} → 400 naming ${field}`, async () => {
      const { request } = await testApp();
      const response = await request(path, post("", body));
      expect(response.status).toBe(400);
      const json = (await response.json()) as { message: string; errors: Record<string, string[]> };
      expect(json.errors[field]?.[0]).toBeString();
    });
  }

  test("every missing field is listed at once", async () => {
    const { request } = await testApp();
    const response = await request("/api/fun-facts/dive-deeper", post("", {}));
    expect(response.status).toBe(400);
    const { errors } = (await response.json()) as { errors: Record<string, string[]> };
    expect(Object.keys(errors).sort()).toEqual(["cityName", "factTitle", "level", "stateCode"]);
  });

  test("malformed JSON is a 400; an unknown city is a 404 with a message", async () => {
    const { request } = await testApp();
    expect((await request("/api/fun-facts/city", post("", "{not json"))).status).toBe(400);
    const unknown = await request("/api/fun-facts/city", post("", { cityName: "Atlantis", stateCode: "NV" }));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toContain("Atlantis");
    expect((await request("/api/city-history/Atlantis/NV")).status).toBe(404);
    expect((await request("/api/city-history/%E0%A4%A/NV")).status).toBe(400);
  });
});

describe("with an Ollama model (the real ollama client against our Ollama-protocol server)", () => {
  test("facts come from the model, are cached per city, and the model is asked once", async () => {
    const server = ollamaServer();
    const { request } = await testApp({ OLLAMA_HOST: server.url, OLLAMA_MODEL: "test-facts" });
    const first = (await (
      await request("/api/fun-facts/city", post("", { cityName: "Boston", stateCode: "MA" }))
    ).json()) as { facts: Fact[] };
    expect(first.facts).toHaveLength(5);
    for (const fact of first.facts) expect(fact.title.startsWith(MODEL_FACT_PREFIX)).toBe(true);
    expect(server.requests.filter((r) => r.kind === "facts")).toHaveLength(1);
    expect(server.requests[0]!.model).toBe("test-facts");
    // The prompt carries the city's real data.
    expect(server.requests[0]!.prompt).toContain('"name":"Boston"');
    // A second app (a restart) reads the database cache: no second model call.
    const again = await testApp({ OLLAMA_HOST: server.url, OLLAMA_MODEL: "test-facts" });
    const second = (await (
      await again.request("/api/fun-facts/city", post("", { cityName: "Boston", stateCode: "MA" }))
    ).json()) as { facts: Fact[] };
    expect(second.facts).toEqual(first.facts);
    expect(server.requests.filter((r) => r.kind === "facts")).toHaveLength(1);
  });

  test("a model answer that adds a name or a year absent from its context is rejected: the grounded facts are served", async () => {
    const server = ollamaServer("inventive");
    const { request } = await testApp({ OLLAMA_HOST: server.url, OLLAMA_MODEL: "test-inventive" });
    const { facts } = (await (
      await request("/api/fun-facts/city", post("", { cityName: "Chicago", stateCode: "IL" }))
    ).json()) as { facts: Fact[] };
    expect(server.requests.filter((r) => r.kind === "facts").length).toBeGreaterThan(0);
    expect(facts.length).toBeGreaterThan(0);
    for (const fact of facts) {
      expect(fact.title.startsWith(MODEL_FACT_PREFIX)).toBe(false);
      expect(fact.summary).not.toContain("Zebulon Quimby");
      expect(fact.summary).not.toContain("1066");
    }
    expect(facts[0]!.title).toContain("Windy City");
  });

  test("model history keeps only real places (titles and dates from the data) and drops invented contact data", async () => {
    const server = ollamaServer();
    const { request } = await testApp({ OLLAMA_HOST: server.url, OLLAMA_MODEL: "test-history" });
    const history = (await (await request("/api/city-history/Chicago/IL")).json()) as History[];
    expect(history.length).toBeGreaterThan(0);
    for (const entry of history) {
      expect(entry.content.startsWith("Rewritten by the model:")).toBe(true);
      expect(entry.category).toBe("Model History");
      expect(entry.content).not.toContain("555");
      const place = (await (await request(`/api/places/${entry.id.replace("place-", "")}`)).json()) as {
        title: string;
        since: string | null;
      };
      expect(entry.title).toBe(place.title);
      expect(entry.period).toBe(place.since ?? "Date not recorded");
    }
    expect(history.map((h) => h.id)).not.toContain("place-987654321");
  });

  test("dive-deeper asks the model once per fact and level", async () => {
    const server = ollamaServer();
    const { request } = await testApp({ OLLAMA_HOST: server.url, OLLAMA_MODEL: "test-deeper" });
    const body = {
      factTitle: "Home to many people",
      factSummary: "A summary.",
      cityName: "Boston",
      stateCode: "MA",
      level: 2,
    };
    const a = (await (await request("/api/fun-facts/dive-deeper", post("", body))).json()) as { details: string };
    const b = (await (await request("/api/fun-facts/dive-deeper", post("", body))).json()) as { details: string };
    expect(a.details).toBe("Model level 2 about Home to many people: grounded in the context it was given.");
    expect(b).toEqual(a);
    expect(server.requests.filter((r) => r.kind === "deeper")).toHaveLength(1);
  });

  test("load more asks the model for another round that avoids what it wrote, and never repeats", async () => {
    const server = ollamaServer();
    const { database, places, cityIndex } = await testServices();
    const model = ollamaProvider(createLlm({ host: server.url, model: "test-rounds", firstTokenMs: 5000 }));
    const content = new ContentService({
      client: database.client,
      places,
      grounded: groundedProvider(),
      model,
      log: silentLog(),
    });
    const city = cityIndex.find("Chicago", "IL")!;
    const seen: string[] = (await content.batch("facts", city, 5, { userId: 900_100, more: false })).map(
      (f) => f.title,
    );
    for (let round = 0; round < 10; round++) {
      const more = await content.batch("facts", city, 5, { userId: 900_100, more: true });
      if (!more.length) break;
      for (const fact of more) expect(seen).not.toContain(fact.title);
      seen.push(...more.map((f) => f.title));
    }
    const rounds = server.requests.filter((r) => r.kind === "facts");
    expect(rounds.length).toBeGreaterThan(1);
    expect(rounds[1]!.prompt).toContain(`"${seen[0]}"`);
    expect(seen.length).toBeGreaterThan(8);
    for (const title of seen) expect(title.startsWith(MODEL_FACT_PREFIX)).toBe(true);
  });

  test("a hosted model gets the API key as a bearer token", async () => {
    const server = ollamaServer();
    const { request } = await testApp({
      OLLAMA_HOST: server.url,
      OLLAMA_MODEL: "test-key",
      OLLAMA_API_KEY: "secret-key-123",
    });
    expect((await request("/api/fun-facts/city", post("", { cityName: "Abbeville", stateCode: "AL" }))).status).toBe(
      200,
    );
    expect(server.requests[0]!.authorization).toBe("Bearer secret-key-123");
  });

  test("a model that hangs gives way to the grounded facts after the timeout, well under 10 s", async () => {
    const server = ollamaServer("hang");
    const { request, log } = await testApp({
      OLLAMA_HOST: server.url,
      OLLAMA_MODEL: "test-hang",
      OLLAMA_TIMEOUT_SECONDS: "1",
    });
    const started = performance.now();
    const response = await request("/api/fun-facts/city", post("", { cityName: "Las Vegas", stateCode: "NV" }));
    const elapsed = performance.now() - started;
    expect(response.status).toBe(200);
    const { facts } = (await response.json()) as { facts: Fact[] };
    expect(facts).toHaveLength(5);
    expect(facts.some((f) => f.title.startsWith(MODEL_FACT_PREFIX))).toBe(false);
    expect(elapsed).toBeLessThan(10_000);
    expect(log.lines.some((line) => line.includes("using the data-grounded provider"))).toBe(true);
    // The next request does not ask the hanging model again (it is skipped for a minute).
    const asked = server.requests.length;
    const deeper = await request(
      "/api/fun-facts/dive-deeper",
      post("", {
        factTitle: facts[0]!.title,
        factSummary: facts[0]!.summary,
        cityName: "Las Vegas",
        stateCode: "NV",
        level: 1,
      }),
    );
    expect(deeper.status).toBe(200);
    expect(server.requests.length).toBe(asked);
  }, 120_000);

  for (const mode of ["garbage", "error"] as const) {
    test(`a model answering ${mode === "garbage" ? "text that is not JSON" : "HTTP 500"} falls back to grounded facts and nothing is cached`, async () => {
      const server = ollamaServer(mode);
      const { request, log } = await testApp({ OLLAMA_HOST: server.url, OLLAMA_MODEL: `test-${mode}` });
      const response = await request("/api/fun-facts/city", post("", { cityName: "Boston", stateCode: "MA" }));
      expect(response.status).toBe(200);
      const { facts } = (await response.json()) as { facts: Fact[] };
      expect(facts).toHaveLength(5);
      expect(facts.some((f) => f.title.startsWith(MODEL_FACT_PREFIX))).toBe(false);
      expect(log.lines.some((line) => line.includes("could not write facts"))).toBe(true);
      server.mode = "ok";
      const retry = await testApp({ OLLAMA_HOST: server.url, OLLAMA_MODEL: `test-${mode}` });
      const healed = (await (
        await retry.request("/api/fun-facts/city", post("", { cityName: "Boston", stateCode: "MA" }))
      ).json()) as { facts: Fact[] };
      expect(healed.facts[0]!.title.startsWith(MODEL_FACT_PREFIX)).toBe(true);
    });
  }
});
