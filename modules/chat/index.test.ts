import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { guestBrowser, testApp } from "../../src/testing";
import { continueAsGuest, jsonPost } from "../auth/testing";
import { startLlmTestServer, type LlmTestRequest } from "../llm/test-server";
import { understand } from "./intent";

/**
 * Chat API (docs/decisions/018-chat.md): the grounded provider over real cities, the model through the real `ollama` client
 * against the Ollama-protocol test server, citations checked against the store, SSE, abort, fallback, limits.
 */

const model = startLlmTestServer();
afterAll(() => model.stop());

/** Content's structured calls (facts, history) answered from their context, so the shared breaker stays closed. */
function contentAnswer(request: LlmTestRequest): string {
  const prompt = request.prompt;
  const start = prompt.indexOf("CONTEXT-JSON-START\n") + "CONTEXT-JSON-START\n".length;
  const context = JSON.parse(prompt.slice(start, prompt.indexOf("\nCONTEXT-JSON-END"))) as {
    facts: Array<{ title: string; statement: string }>;
    historicPlaces: Array<{ placeId: number; title: string }>;
  };
  const shape = Object.keys((request.format as { properties?: object }).properties ?? {})[0];
  if (shape === "facts")
    return JSON.stringify({
      facts: context.facts
        .slice(0, 8)
        .map((f) => ({ title: f.title, summary: `The model says: ${f.statement}`, category: "Model" })),
    });
  if (shape === "history")
    return JSON.stringify({
      history: context.historicPlaces.slice(0, 6).map((p) => ({
        placeId: p.placeId,
        category: "Model",
        content: `The model writes about ${p.title} from the data.`,
        significance: "Part of the city's story.",
      })),
    });
  return JSON.stringify({ details: "The model's deeper details, from the context." });
}

/** The test model cites the context's first places by id, plus an id that is not in the context. */
const INVENTED_ID = 987654321;
function citeContext(request: LlmTestRequest): string {
  if (request.format) return contentAnswer(request); // content's facts and history, through the same model
  const system = request.messages[0]?.content ?? "";
  const start = system.indexOf("CONTEXT-JSON-START\n") + "CONTEXT-JSON-START\n".length;
  const context = JSON.parse(system.slice(start, system.indexOf("\nCONTEXT-JSON-END"))) as {
    places: Array<{ id: number }>;
  };
  const ids = context.places.slice(0, 3).map((p) => p.id);
  return `From the model: try [[${ids[0]}]] first, then [[${ids[1] ?? ids[0]}]] and [[ ${INVENTED_ID} ]], or [[${ids[2] ?? ids[0]}]] later. Enjoy your day out there. Come back and ask again any time.`;
}

const plain = await testApp();
// A first-token wait of 10 s (the most the configuration allows): the test model answers at once, and on a loaded CI machine (browser tests beside) a
// 3 s wait once ran out, opened the breaker and turned the next minute's answers grounded. The wait itself is
// the silent-model test's subject below.
const withModel = await testApp({ OLLAMA_HOST: model.url, OLLAMA_MODEL: "test-chat", OLLAMA_TIMEOUT_SECONDS: "10" });

const ask = (app: typeof plain, cookie: string, body: unknown, path = "/api/chat/recommendations") =>
  app.request(path, jsonPost(body, { cookie }));

// Nevada's places are imported on first use (a few seconds): once, before the tests.
beforeAll(async () => {
  const { cookie } = await continueAsGuest(plain.request);
  expect((await ask(plain, cookie, { query: "food", location: "Las Vegas, NV" })).status).toBe(200);
}, 120_000);

/** The stored place's name as every list shows it (a sight under its own name, not its operator's), or null. */
async function placeExists(id: number) {
  const found = await plain.request(`/api/places/${id}`);
  return found.status === 200 ? ((await found.json()) as { title: string }).title : null;
}

interface Answer {
  response: string;
  location: string;
  model: string;
  places: Array<{ id: number; title: string; category: string; distance: number | null }>;
}

/** Read a whole SSE answer: events in order. */
async function readEvents(response: Response) {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter(Boolean)
    .map((block) => {
      const event = block.match(/^event: (.*)$/m)?.[1];
      const data = JSON.parse(block.match(/^data: (.*)$/m)?.[1] ?? "null");
      return { event, data };
    });
}

describe("who may ask, and what", () => {
  test("anonymous callers get 401; bad input 400 naming the field; an unknown city 404", async () => {
    const anonymous = await plain.request(
      "/api/chat/recommendations",
      jsonPost({ query: "food", location: "Las Vegas, NV" }),
    );
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: "Please sign in to use the travel assistant.", errors: {} });
    expect(
      (await plain.request("/api/chat/stream", jsonPost({ query: "food", location: "Las Vegas, NV" }))).status,
    ).toBe(401);

    const { cookie } = await continueAsGuest(plain.request);
    for (const [body, field] of [
      [{ query: "   ", location: "Las Vegas, NV" }, "query"],
      [{ query: "x".repeat(501), location: "Las Vegas, NV" }, "query"],
      [{ location: "Las Vegas, NV" }, "query"],
      [{ query: "food" }, "location"],
      [
        {
          query: "food",
          location: "Las Vegas, NV",
          history: Array.from({ length: 11 }, () => ({ type: "user", content: "hi" })),
        },
        "history",
      ],
    ] as const) {
      const response = await ask(plain, cookie, body);
      expect(response.status).toBe(400);
      const error = (await response.json()) as { message: string; errors: Record<string, string[]> };
      expect(Object.keys(error.errors)).toContain(field);
    }
    const ok = await ask(plain, cookie, { query: "x".repeat(500), location: "Las Vegas, NV" });
    expect(ok.status).toBe(200);

    const unknown = await ask(plain, cookie, { query: "food", location: "Atlantis, ZZ" });
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { message: string }).message).toContain("Atlantis, ZZ");
    expect((await ask(plain, cookie, { query: "food", location: "Atlantis, ZZ" }, "/api/chat/stream")).status).toBe(
      404,
    );
  });

  test("20 messages a minute per user; the 21st is 429 with Retry-After; another user is not affected", async () => {
    const { cookie } = await continueAsGuest(plain.request);
    for (let i = 0; i < 20; i++)
      expect(
        (await ask(plain, cookie, { query: "food", location: "Ely, NV" }, i % 2 ? "/api/chat/stream" : undefined))
          .status,
      ).toBe(200);
    const refused = await ask(plain, cookie, { query: "food", location: "Ely, NV" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(((await refused.json()) as { message: string }).message).toContain("too fast");
    const other = await continueAsGuest(plain.request);
    expect((await ask(plain, other.cookie, { query: "food", location: "Ely, NV" })).status).toBe(200);
  });
});

describe("intent", () => {
  test("topics, open now, near, kids, free, a named place", () => {
    expect(understand("What restaurants are popular here?").topics).toEqual(["food"]);
    expect(understand("What activities can I do today?")).toMatchObject({ topics: ["activities"], today: true });
    expect(understand("Show me historical places nearby").topics).toEqual(["history"]);
    expect(understand("Where can I shop locally?").topics).toEqual(["shopping"]);
    expect(understand("any good coffee near the Neon Museum?")).toMatchObject({
      topics: ["cafe"],
      near: "Neon Museum",
    });
    expect(understand("bars open now")).toMatchObject({ topics: ["bar"], openNow: true });
    expect(understand("where should I stay tonight").topics).toContain("lodging");
    expect(understand("things to do with kids")).toMatchObject({ kids: true, topics: ["activities"] });
    expect(understand("free things to do")).toMatchObject({ free: true });
    expect(understand("Tell me about the Neon Museum").named).toBe("Neon Museum");
  });
});

describe("the data-grounded provider (no model)", () => {
  const cases: Array<[string, RegExp]> = [
    ["What restaurants are popular here?", /places to eat near downtown/],
    ["Any cafés for breakfast?", /cafés and bakeries/],
    ["Where can I get a drink?", /bars and places for a drink/],
    ["What activities can I do today?", /things to do/],
    ["Show me historical places nearby", /historic places/],
    ["Where can I shop locally?", /places to shop/],
    ["Where should I stay?", /places to stay/],
    ["Which restaurants are open now?", /opening hours|open now|open right now/],
    ["Things to do with kids", /families with kids/],
    ["Free things to do", /no prices/],
  ];

  for (const location of ["Las Vegas, NV", "Ely, NV"]) {
    test(`every intent gets natural sentences naming real places (${location})`, async () => {
      const { cookie } = await continueAsGuest(plain.request);
      for (const [query, expected] of cases) {
        const response = await ask(plain, cookie, { query, location });
        expect(response.status).toBe(200);
        const answer = (await response.json()) as Answer;
        expect(answer.model).toBe("grounded");
        expect(answer.location).toBe(location);
        expect(answer.response).toMatch(expected);
        expect(answer.response).not.toMatch(/\[\[|\]\]|\*\*|#/);
        if (answer.places.length) {
          expect(answer.response).toContain("LocalScope has no ratings");
          for (const p of answer.places) {
            expect(await placeExists(p.id)).toBe(p.title);
            expect(answer.response).toContain(p.title);
          }
        } else expect(answer.response).toContain("couldn't find");
      }
    }, 30_000);
  }

  test("a named place is described from its record; near X measures from X", async () => {
    const { cookie } = await continueAsGuest(plain.request);
    const [museum] = (await (
      await plain.request("/api/places/search?q=Neon%20Museum&city=Las%20Vegas&state=NV")
    ).json()) as Array<{ id: number; title: string; address: string | null }>;
    expect(museum).toBeDefined();
    const about = (await (
      await ask(plain, cookie, { query: `Tell me about the ${museum!.title}`, location: "Las Vegas, NV" })
    ).json()) as Answer;
    expect(about.places[0]!.id).toBe(museum!.id);
    expect(about.response).toStartWith(`${museum!.title} is a`);
    if (museum!.address) expect(about.response).toContain(museum!.address);
    const near = (await (
      await ask(plain, cookie, { query: `coffee near the ${museum!.title}`, location: "Las Vegas, NV" })
    ).json()) as Answer;
    expect(near.response).toContain(`near ${museum!.title}`);
    // Measured from X, within a walk of it, in the lists' order from it: the places within a mile first.
    const distances = near.places.map((p) => p.distance!);
    for (const d of distances) expect(d).toBeLessThanOrEqual(1.5);
    const bands = distances.map((d) => (d <= 1 ? 0 : 1));
    expect(bands).toEqual([...bands].sort((a, b) => a - b));
  });
});

describe("every place named in 200 answers exists in the store (both providers, several cities)", () => {
  const cities = ["Las Vegas, NV", "Ely, NV", "Henderson, NV", "Reno, NV", "Winnemucca, NV"];
  const questions = [
    "What restaurants are popular here?",
    "What activities can I do today?",
    "Show me historical places nearby",
    "Where can I shop locally?",
    "coffee please",
    "bars open now",
    "where to stay",
    "with kids",
    "free stuff",
    "hello there",
  ];

  test("200 answers", async () => {
    model.set({ mode: "ok", reply: citeContext, firstDelayMs: 0, chunkDelayMs: 0 });
    let answers = 0;
    const byModel = new Map<string, number>();
    for (const app of [plain, withModel]) {
      for (const location of cities) {
        const { cookie } = await continueAsGuest(app.request);
        for (const query of questions.concat(questions.map((q) => `${q}?`))) {
          if (answers % 20 === 19) await Bun.sleep(0);
          const response = await ask(app, cookie, { query, location }, answers % 2 ? "/api/chat/stream" : undefined);
          expect(response.status).toBe(200);
          let answer: Answer;
          if (answers % 2) {
            const events = await readEvents(response);
            const done = events.find((e) => e.event === "done")!.data as {
              response: string;
              model: string;
              location: string;
            };
            const places = (events.find((e) => e.event === "places")!.data as { places: Answer["places"] }).places;
            expect(
              events
                .filter((e) => e.event === "token")
                .map((e) => e.data.text)
                .join("")
                .replace(/ {2,}/g, " "),
            ).toContain(done.response.slice(0, 20));
            answer = { ...done, places };
          } else answer = (await response.json()) as Answer;
          answers++;
          byModel.set(answer.model, (byModel.get(answer.model) ?? 0) + 1);
          expect(answer.response).not.toContain(String(INVENTED_ID));
          expect(answer.response).not.toMatch(/\[\[/);
          for (const p of answer.places) {
            expect(await placeExists(p.id)).toBe(p.title);
            expect(answer.response).toContain(p.title);
          }
          if (answer.model !== "grounded") expect(answer.response).toStartWith("From the model: try ");
        }
      }
    }
    expect(answers).toBe(200);
    expect(byModel.get("grounded")).toBeGreaterThanOrEqual(100);
    // "hello there" is off-topic: the assistant says what it can help with, without the model (10 of the 100).
    // Why the model did not answer, when it did not: the chat service's warnings.
    expect(byModel.get("ollama:test-chat"), withModel.log.lines.slice(-3).join("\n")).toBeGreaterThanOrEqual(80);
  }, 120_000);
});

describe("with a model", () => {
  test("tokens stream in order as SSE; the places event lists only the cited real places; done names the model", async () => {
    model.set({ mode: "ok", reply: citeContext, firstDelayMs: 0, chunkDelayMs: 10 });
    const { cookie } = await continueAsGuest(withModel.request);
    const response = await ask(
      withModel,
      cookie,
      {
        query: "What restaurants are popular here?",
        location: "Las Vegas, NV",
        history: [
          { type: "user", content: "hi" },
          { type: "ai", content: "Hello!" },
        ],
      },
      "/api/chat/stream",
    );
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    const events = await readEvents(response);
    const kinds = events.map((e) => e.event);
    expect(kinds.at(-1)).toBe("done");
    expect(kinds.at(-2)).toBe("places");
    // The model's text is shown a checked sentence at a time.
    expect(kinds.filter((k) => k === "token").length, withModel.log.lines.slice(-3).join("\n")).toBe(3);
    const text = events
      .filter((e) => e.event === "token")
      .map((e) => e.data.text)
      .join("");
    const places = events.find((e) => e.event === "places")!.data.places as Answer["places"];
    expect(places.length).toBeGreaterThanOrEqual(1);
    expect(text).toStartWith(`From the model: try ${places[0]!.title} first`);
    expect(text).not.toContain(String(INVENTED_ID));
    expect(events.at(-1)!.data).toMatchObject({ model: "ollama:test-chat", location: "Las Vegas, NV" });
    const sent = model.requests.at(-1)!;
    expect(sent.messages.map((m) => m.role)).toEqual(["system", "user", "assistant", "user"]);
    expect(sent.messages[0]!.content).toContain("CONTEXT-JSON-START");
  });

  test("closing the connection aborts the model call at once (the test server sees the stream closed)", async () => {
    model.set({ mode: "ok", reply: () => "A word. ".repeat(250), firstDelayMs: 0, chunkDelayMs: 30 });
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (request) => withModel.app.handle(request) });
    try {
      const { cookie } = await continueAsGuest(withModel.request);
      const controller = new AbortController();
      const closed = model.nextClose();
      const response = await fetch(`http://127.0.0.1:${server.port}/api/chat/stream`, {
        ...jsonPost(
          { query: "food", location: "Las Vegas, NV" },
          { cookie, origin: `http://127.0.0.1:${server.port}` },
        ),
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      const reader = response.body!.getReader();
      let seen = "";
      while (!seen.includes("event: token")) seen += new TextDecoder().decode((await reader.read()).value);
      controller.abort();
      await closed;
      // The model would write 250 words, 30 ms apart: the close reached it after a few of them.
      const written = model.written.at(-1)!.length;
      expect(written).toBeLessThan(500);
    } finally {
      server.stop(true);
    }
  });

  test("a model silent past OLLAMA_TIMEOUT_SECONDS gives way to the grounded provider; the breaker then skips it", async () => {
    model.set({ mode: "silent" });
    const app = await testApp({ OLLAMA_HOST: model.url, OLLAMA_MODEL: "test-chat", OLLAMA_TIMEOUT_SECONDS: "1" });
    const { cookie } = await continueAsGuest(app.request);
    const chatCalls = () => model.requests.filter((r) => !r.format).length;
    const before = chatCalls();
    const first = (await (
      await ask(app, cookie, { query: "What restaurants are popular here?", location: "Las Vegas, NV" })
    ).json()) as Answer;
    expect(first.model).toBe("grounded");
    expect(first.response).toContain("places to eat");
    // A silent model never answers: the grounded answer came because the 1 s wait ran out (how soon after the
    // question it comes is measured by bench:chat).
    expect(chatCalls()).toBe(before + 1);
    const events = await readEvents(
      await ask(app, cookie, { query: "Where can I shop locally?", location: "Las Vegas, NV" }, "/api/chat/stream"),
    );
    expect(events.at(-1)).toMatchObject({ event: "done", data: { model: "grounded" } });
    expect(chatCalls()).toBe(before + 1); // skipped by the breaker: not asked again
    model.set({ mode: "ok" });
  });
});

describe("the /chat page", () => {
  test("renders for a signed-in visitor in their city, with the chat island; signed out it is the landing page", async () => {
    const { get, request } = await guestBrowser();
    const page = await get("/chat", `localscope-location=${encodeURIComponent("Ely, NV")}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-island="ChatView"');
    expect(html).toContain("Ask about Ely, NV...");
    expect(html).toContain("What restaurants are popular here?");
    const anonymous = await (await request("/chat")).text();
    expect(anonymous).not.toContain('data-island="ChatView"');
  });
});
