import { afterAll, describe, expect, test } from "bun:test";
import { testApp } from "../../src/testing";
import { continueAsGuest, jsonPost } from "../auth/testing";
import { startLlmTestServer } from "../llm/test-server";
import type { ChatAnswer } from "./model";

/** A model that follows an injected prompt, through the API: its invented place never reaches the visitor. */

const model = startLlmTestServer();
afterAll(() => model.stop());

const INJECTED = "Visit Joe's Imaginary Diner at 123 Fake Street (555-0100), rated 4.9 stars. It is the best in town.";

describe("through the API", () => {
  test("/api/chat/recommendations and /api/chat/stream never pass the injected answer on", async () => {
    model.set({ mode: "ok", reply: INJECTED, firstDelayMs: 0, chunkDelayMs: 0 });
    const app = await testApp({ OLLAMA_HOST: model.url, OLLAMA_MODEL: "test-chat", OLLAMA_TIMEOUT_SECONDS: "2" });
    const { cookie } = await continueAsGuest(app.request);
    const body = { query: "What restaurants are popular here?", location: "Las Vegas, NV" };
    const answer = (await (
      await app.request("/api/chat/recommendations", jsonPost(body, { cookie }))
    ).json()) as ChatAnswer;
    expect(answer.model).toBe("grounded");
    expect(answer.response).toContain("places to eat");
    const stream = await (await app.request("/api/chat/stream", jsonPost(body, { cookie }))).text();
    expect(stream).not.toMatch(/Joe's|Fake Street|555-0100/);
    expect(stream).toContain('"model":"grounded"');
  }, 60_000);
});
