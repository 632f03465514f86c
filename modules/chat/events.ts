import { sse } from "elysia";
import type { Logger } from "../../src/http";
import type { ChatEvent, ChatRequest } from "./model";
import type { ChatService } from "./service";
import type { ChatCity } from "./sources";

export const CHAT_FAILED = "The assistant could not finish this answer.";

/** One event of POST /api/chat/stream as Elysia's server-sent event (`event: …` and a JSON `data:` line). */
export const chatEvent = (e: ChatEvent) => sse({ event: e.event, data: e.data });

/**
 * The stream's events in order: tokens as they are written, then the cited places, then done (or one error
 * event when the answer fails after the stream began). Stops quietly once `signal` is aborted.
 */
export async function* answerEvents<C extends ChatCity>(
  service: ChatService<C>,
  body: ChatRequest,
  signal: AbortSignal,
  log: Pick<Logger, "error">,
  asker: { startedAt: number; userId: number },
) {
  try {
    const tokens = service.tokens(body, { signal, stream: true, ...asker });
    for (;;) {
      const next = await tokens.next();
      if (signal.aborted) return;
      if (next.done) {
        const answer = next.value;
        yield chatEvent({ event: "places", data: { places: answer.places } });
        yield chatEvent({
          event: "done",
          data: { location: answer.location, model: answer.model, response: answer.response },
        });
        return;
      }
      const chunk = next.value;
      yield "reset" in chunk
        ? chatEvent({ event: "reset", data: {} })
        : chatEvent({ event: "token", data: { text: chunk.text } });
    }
  } catch (error) {
    if (signal.aborted) return;
    log.error("Chat: the answer failed.", error);
    yield chatEvent({ event: "error", data: { message: CHAT_FAILED, errors: {} } });
  }
}
