import { EventSourceParserStream } from "eventsource-parser/stream";
import type { ChatEvent } from "../../modules/chat";

/** The server-sent events of POST /api/chat/stream, typed as the server declares them. */
export async function* chatEvents(response: Response): AsyncGenerator<ChatEvent> {
  if (!response.body) return;
  const messages = response.body.pipeThrough(new TextDecoderStream()).pipeThrough(new EventSourceParserStream());
  const reader = messages.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    yield { event: value.event ?? "message", data: JSON.parse(value.data) } as ChatEvent;
  }
}
