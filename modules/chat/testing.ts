import { beforeAll, expect } from "bun:test";
import type { testApp } from "../../src/testing";
import { continueAsGuest, jsonPost } from "../auth/testing";
import type { ChatAnswer } from "./model";

/**
 * A test file's guest asking the grounded assistant through the API of a test app (made with
 * `CHAT_MESSAGES_PER_MINUTE` high, so no limit is in the way): `ask(query, "City, ST")` expects a 200 and gives the
 * answer.
 */
export function guestAsker(app: Awaited<ReturnType<typeof testApp>>) {
  let cookie = "";
  beforeAll(async () => {
    cookie = (await continueAsGuest(app.request)).cookie;
  });
  const ask = async (query: string, location: string): Promise<ChatAnswer> => {
    const response = await app.request("/api/chat/recommendations", jsonPost({ query, location }, { cookie }));
    expect(response.status).toBe(200);
    return (await response.json()) as ChatAnswer;
  };
  return ask;
}
