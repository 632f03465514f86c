import type { Client } from "@libsql/client";
import { Elysia } from "elysia";
import type { Llm } from "../llm";
import { HttpError, jsonError, type Logger, type RequestUser } from "../../src/http";
import type { AuthGuard } from "../auth";
import { hitChatLimit } from "./limit";
import { ChatBody, type ChatAnswer, type ChatEvent } from "./model";
import { ChatLocationError, ChatService, type ChatCity, type ChatSources } from "./service";

export type { ChatAnswer, ChatEvent, ChatPlace } from "./model";
export type { ChatCity, ChatSources, SourcePlace } from "./service";
export { ChatService } from "./service";

export const CHAT_MESSAGES = {
  signIn: "Please sign in to use the travel assistant.",
  tooMany: (seconds: number) =>
    `You're sending messages too fast. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`,
  failed: "The assistant could not finish this answer.",
};

const sse = (e: ChatEvent) => `event: ${e.event}\ndata: ${JSON.stringify(e.data)}\n\n`;

/**
 * Chat (issue 13, decision 018): POST /api/chat/recommendations (one JSON answer) and POST /api/chat/stream
 * (server-sent events token, places, done, error). Signed-in users only (guests included); 20 messages a
 * minute per user. Closing the stream's connection aborts the model call at once.
 */
export function chatModule<C extends ChatCity>(deps: {
  client: Client;
  guard: AuthGuard;
  sources: ChatSources<C>;
  llm: Llm | null;
  log: Logger;
  limit?: number;
}) {
  const service = new ChatService({ sources: deps.sources, llm: deps.llm, log: deps.log });
  /** 429 with Retry-After once the user has asked 20 times in the last minute, else null. */
  const limited = async (user: RequestUser) => {
    const result = await hitChatLimit(deps.client, user.id, Date.now(), deps.limit);
    return result.allowed
      ? null
      : jsonError(
          429,
          CHAT_MESSAGES.tooMany(result.retryAfterSeconds),
          {},
          { "retry-after": String(result.retryAfterSeconds), "cache-control": "no-store" },
        );
  };
  const resolve = (location: string) => {
    try {
      return service.resolve(location);
    } catch (error) {
      if (error instanceof ChatLocationError) throw new HttpError(404, error.message, { location: [error.message] });
      throw error;
    }
  };

  return (
    new Elysia({ name: "chat", prefix: "/api/chat" })
      // The one auth guard: signed-in users only, guests included (401 for anonymous callers).
      .use(deps.guard({ signInMessage: CHAT_MESSAGES.signIn }))
      .onBeforeHandle(({ set }) => {
        set.headers["cache-control"] = "no-store";
      })
      .post(
        "/recommendations",
        async ({ body, user, request }): Promise<ChatAnswer | Response> => {
          resolve(body.location);
          const refused = await limited(user);
          if (refused) return refused;
          return service.ask(body, { signal: request.signal });
        },
        { body: ChatBody, auth: "user" },
      )
      .post(
        "/stream",
        async ({ body, user, request }) => {
          resolve(body.location);
          const refused = await limited(user);
          if (refused) return refused;
          const controller = new AbortController();
          request.signal.addEventListener(
            "abort",
            () => controller.abort(new Error("the client closed the connection")),
            { once: true },
          );
          const encoder = new TextEncoder();
          const stream = new ReadableStream<Uint8Array>({
            async start(out) {
              const send = (e: ChatEvent) => {
                if (!controller.signal.aborted) out.enqueue(encoder.encode(sse(e)));
              };
              try {
                const answer = await service.ask(body, {
                  signal: controller.signal,
                  stream: true,
                  events: { token: (text) => send({ event: "token", data: { text } }) },
                });
                send({ event: "places", data: { places: answer.places } });
                send({
                  event: "done",
                  data: { location: answer.location, model: answer.model, response: answer.response },
                });
              } catch (error) {
                if (!controller.signal.aborted) {
                  deps.log.error("Chat: the answer failed.", error);
                  send({ event: "error", data: { message: CHAT_MESSAGES.failed, errors: {} } });
                }
              } finally {
                if (!controller.signal.aborted) out.close();
              }
            },
            cancel() {
              controller.abort(new Error("the client closed the connection"));
            },
          });
          return new Response(stream, {
            headers: {
              "content-type": "text/event-stream; charset=utf-8",
              "cache-control": "no-store",
              "x-accel-buffering": "no",
            },
          });
        },
        { body: ChatBody, auth: "user" },
      )
  );
}
