import type { Client } from "@libsql/client";
import { Elysia } from "elysia";
import { answerEvents, CHAT_FAILED } from "./events";
import type { Llm } from "../llm";
import { HttpError, jsonError, type Logger, type RequestUser } from "../../src/http";
import type { AuthGuard } from "../auth";
import { hitSlidingLog } from "../../src/rate-limit";
import { ChatBody, type ChatAnswer } from "./model";
import { ChatLocationError, ChatService } from "./service";
import type { ChatCity, ChatSources } from "./sources";
import type { ChatTrips } from "./trip-commands";

export type { ChatAnswer, ChatEvent, ChatPlace } from "./model";
export type { ChatCity, ChatSources, SourcePlace } from "./sources";
export type { ChatTrips, TripBrief } from "./trip-commands";
export { ChatService } from "./service";

export const CHAT_MESSAGES = {
  signIn: "Please sign in to use the travel assistant.",
  tooMany: (seconds: number) =>
    `You're sending messages too fast. Please wait ${seconds} second${seconds === 1 ? "" : "s"} and try again.`,
  failed: CHAT_FAILED,
};

/** Messages a user may send in the window, and the window. */
export const CHAT_LIMIT = 20;
export const CHAT_WINDOW_MS = 60_000;

/**
 * Chat (docs/decisions/018-chat.md): POST /api/chat/recommendations (one JSON answer) and POST /api/chat/stream
 * (server-sent events token, places, done, error, typed once as ChatEvent). Signed-in users only (guests included); 20 messages a
 * minute per user. Closing the stream's connection aborts the model call at once.
 */
export function chatModule<C extends ChatCity>(deps: {
  client: Client;
  guard: AuthGuard;
  sources: ChatSources<C>;
  llm: Llm | null;
  log: Logger;
  limit?: number;
  /** The user's trips, for "plan a day in …" and "add … to day N" (the app passes the trips module's service). */
  trips?: ChatTrips;
}) {
  const service = new ChatService({ sources: deps.sources, llm: deps.llm, log: deps.log, trips: deps.trips });
  /** 429 with Retry-After once the user has asked 20 times in the last minute, else null. */
  const limited = async (user: RequestUser) => {
    // A sliding one-minute log per user in the database (table chat_requests), shared by every server
    // instance; old rows are swept now and then, not on every message.
    const result = await hitSlidingLog(
      deps.client,
      {
        table: "chat_requests",
        keyColumn: "user_id",
        limit: deps.limit ?? CHAT_LIMIT,
        windowMs: CHAT_WINDOW_MS,
        sweepShare: 0.02,
      },
      [user.id],
    );
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
          const startedAt = performance.now();
          resolve(body.location);
          const refused = await limited(user);
          if (refused) return refused;
          return service.ask(body, { signal: request.signal, startedAt, userId: user.id });
        },
        { body: ChatBody, auth: "user" },
      )
      .post(
        "/stream",
        async function* ({ body, user, request, set }) {
          const startedAt = performance.now();
          resolve(body.location);
          const refused = await limited(user);
          if (refused) return refused;
          set.headers["x-accel-buffering"] = "no";
          // Closing the connection aborts the model call at once (Elysia ends the generator too).
          const controller = new AbortController();
          request.signal.addEventListener(
            "abort",
            () => controller.abort(new Error("the client closed the connection")),
            { once: true },
          );
          yield* answerEvents(service, body, controller.signal, deps.log, { startedAt, userId: user.id });
        },
        { body: ChatBody, auth: "user" },
      )
  );
}
