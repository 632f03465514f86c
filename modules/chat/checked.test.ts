import { afterAll, describe, expect, test } from "bun:test";
import { createLlm } from "../llm";
import { startLlmTestServer } from "../llm/test-server";
import { checkContext, ungrounded } from "./check";
import { CUT_NOTES, ChatService } from "./service";
import type { ChatCity, ChatSources, SourcePlace } from "./sources";

/**
 * The model's text is checked against its context (names, street addresses, phones, prices, ratings, years):
 * an answer that fails is replaced by the grounded one. Streams stop at a length and a time cap with a note.
 * The model is the Ollama-protocol test server, streaming, through the real `ollama` client. These tests need no
 * database: they run beside the files on their own databases, not in the process whose shared database imports
 * states (a long import there held up their model's answers past the waits). Through the API: ./checked-api.test.ts.
 */

const model = startLlmTestServer();
afterAll(() => model.stop());

const INJECTED = "Visit Joe's Imaginary Diner at 123 Fake Street (555-0100), rated 4.9 stars. It is the best in town.";

// A small city of two real-looking records, so the service's own rules are tested without the store.
const city: ChatCity = {
  id: 1,
  name: "Testville",
  stateCode: "NV",
  stateName: "Nevada",
  latitude: 36,
  longitude: -115,
  population: 1000,
};
const place = (id: number, title: string, kind: string, extra: Partial<SourcePlace> = {}): SourcePlace => ({
  id,
  title,
  description: "",
  kind,
  category: "Things to Do",
  categoryId: 9,
  address: null,
  phone: null,
  distance: 0.4,
  latitude: 36.001,
  longitude: -115.001,
  openingHours: null,
  openNow: null,
  since: null,
  stateCode: "NV",
  website: null,
  wikipedia: null,
  source: "imls-museums",
  sources: [{ source: "imls-museums" }],
  ...extra,
});
const places = [
  place(11, "Old Mill Museum", "museum", { address: "300 Stewart Ave", phone: "(702) 229-2734" }),
  place(12, "Riverside Park", "park"),
];
const sources: ChatSources<ChatCity> = {
  resolve: (location) => (location === "Testville, NV" ? city : undefined),
  list: async () => places,
  search: async (_city, q) => places.filter((p) => p.title.toLowerCase().includes(q.toLowerCase())),
  searchAll: async () => [],
  mentioning: async () => [],
  near: async () => places,
  cities: () => [],
  history: async () => [],
  facts: async () => [],
};
const warnings: string[] = [];
const log = { warn: (message: unknown) => void warnings.push(String(message)) };
const llm = () => createLlm({ host: model.url, model: "test-chat", firstTokenMs: 2000 }, { breakerMs: 1 });
const question = { query: "Things to do here?", location: "Testville, NV", history: [] };

describe("checked model text", () => {
  test("what the check refuses: an invented name, street address, phone, rating, price or year", () => {
    const context = checkContext([JSON.stringify(places), "Testville", "Nevada", "LocalScope"]);
    expect(ungrounded(INJECTED, context)).toContain("555-0100");
    expect(ungrounded("Old Mill Museum is at 123 Fake Street.", context)).toContain("123 Fake Street");
    expect(ungrounded("Old Mill Museum is rated 4.9 stars.", context)).toContain("rating");
    expect(ungrounded("Entry to Old Mill Museum is $25.", context)).toContain("$25");
    expect(ungrounded("Old Mill Museum opened in 1932.", context)).toContain("1932");
    expect(ungrounded("Try Joe's Imaginary Diner after Old Mill Museum.", context)).toContain("Imaginary Diner");
    // What the context holds passes, however the sentence begins.
    expect(
      ungrounded(
        "Start at Old Mill Museum, 300 Stewart Ave, and call (702) 229-2734. Then walk to Riverside Park in Testville, Nevada.",
        context,
      ),
    ).toBeNull();
  });

  test("the injected answer is replaced by the grounded one (logged with the reason), streamed or not", async () => {
    model.set({ mode: "ok", reply: INJECTED, firstDelayMs: 0, chunkDelayMs: 2 });
    const service = new ChatService({ sources, llm: llm(), log });
    const whole = await service.ask(question);
    expect(whole.model).toBe("grounded");
    expect(whole.response).not.toMatch(/Joe's|Fake Street|555-0100|4\.9|rated/);
    expect(whole.places.map((p) => p.id)).toEqual([11, 12]);
    expect(warnings.at(-1)).toContain("replaced by the grounded answer");
    // Streamed: a first sentence that passes is shown, then reset when the next one fails.
    model.set({ reply: `You could start at [[11]]. ${INJECTED}` });
    const chunks: Array<{ text: string } | { reset: true }> = [];
    const tokens = service.tokens(question, { stream: true });
    let next = await tokens.next();
    for (; !next.done; next = await tokens.next()) chunks.push(next.value);
    expect(chunks[0]).toEqual({ text: "You could start at Old Mill Museum. " });
    const reset = chunks.findIndex((c) => "reset" in c);
    expect(reset).toBe(1);
    const after = chunks
      .slice(reset + 1)
      .map((c) => ("text" in c ? c.text : ""))
      .join("");
    expect(after).toBe(next.value.response);
    expect(next.value.model).toBe("grounded");
  });

  test("a grounded model answer streams through unchanged", async () => {
    model.set({ mode: "ok", reply: "Start at [[11]], 300 Stewart Ave. Then [[12]] is close by.", chunkDelayMs: 1 });
    const answer = await new ChatService({ sources, llm: llm(), log }).ask(question);
    expect(answer).toMatchObject({
      model: "ollama:test-chat",
      response: "Start at Old Mill Museum, 300 Stewart Ave. Then Riverside Park is close by.",
    });
  });

  test("a model that writes on and on stops at the length cap, and at the time cap, with a note", async () => {
    model.set({ mode: "ok", reply: "Riverside Park is a park. ".repeat(400), firstDelayMs: 0, chunkDelayMs: 0 });
    // Streamed: a whole answer must come within 9 s, and 1,600 chunks took longer on a loaded CI machine.
    const long = await new ChatService({ sources, llm: llm(), log }).ask(question, { stream: true });
    expect(long.model).toBe("ollama:test-chat");
    expect(long.response.length).toBeLessThanOrEqual(4_000 + CUT_NOTES.length.length + 3);
    expect(long.response).toEndWith(CUT_NOTES.length);
    model.set({ chunkDelayMs: 20 });
    const slow = new ChatService({ sources, llm: llm(), log, caps: { chars: 4_000, ms: 400 } });
    const stopped = await slow.ask(question, { stream: true });
    expect(stopped.response).toEndWith(CUT_NOTES.time);
    expect(stopped.response.length).toBeLessThan(4_000);
  });
});

describe("near a named place, without a store", () => {
  test("none of what is asked around it: the lists' places instead, by their distance from it", async () => {
    const museum = place(11, "Old Mill Museum", "museum");
    const park = place(12, "Riverside Park", "park");
    const cafe = place(21, "Far Bean Cafe", "cafe", { categoryId: 10, category: "Food", latitude: 36.04 });
    const farther = place(22, "Farther Cafe", "cafe", { categoryId: 10, category: "Food", latitude: 36.08 });
    const sparse: ChatSources<ChatCity> = {
      ...sources,
      search: async (_city, q) => [museum].filter((p) => p.title.toLowerCase().includes(q.toLowerCase())),
      near: async () => [park],
      list: async () => [farther, cafe],
    };
    const { retrieve } = await import("./retrieve");
    const found = await retrieve(sparse, city, "Any coffee near the Old Mill Museum?");
    expect(found.anchor?.id).toBe(11);
    expect(found.places.map((p) => p.id)).toEqual([21, 22]);
    expect(found.places[0]!.distance).toBeLessThan(found.places[1]!.distance!);
  });
});
