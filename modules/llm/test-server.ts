/**
 * An Ollama-protocol server for tests (POST /api/chat, streamed NDJSON or not), on 127.0.0.1, so the real
 * `ollama` client is exercised end to end. It writes `reply` (a text, or a function of the request) in
 * word-sized chunks with the given delays, and records every request and every stream the client closed
 * before the end. Modes simulate a healthy model, one that sends nothing (with or without response headers),
 * one that fails, and one that writes text where JSON was asked.
 */
import type { ChatMessage } from "./model";

export type LlmTestMode = "ok" | "silent" | "hang" | "error" | "garbage";

export interface LlmTestRequest {
  model: string;
  messages: ChatMessage[];
  /** The last message's content. */
  prompt: string;
  format: Record<string, unknown> | null;
  stream: boolean;
  authorization: string | null;
}

export interface LlmTestScript {
  mode: LlmTestMode;
  reply: string | ((request: LlmTestRequest) => string);
  /** Milliseconds before the first chunk (headers are sent at once, except in "hang"). */
  firstDelayMs: number;
  /** Milliseconds between two chunks. */
  chunkDelayMs: number;
}

export interface LlmTestServer {
  url: string;
  requests: LlmTestRequest[];
  /** Chunks written, in order, per request (same index as `requests`). */
  written: string[][];
  /** How many requests the client closed before their answer was complete. */
  closed: number;
  /** Resolves when the next (or an already recorded but unobserved) early close happens. */
  nextClose(): Promise<void>;
  script: LlmTestScript;
  set(script: Partial<LlmTestScript>): void;
  stop(): void;
}

/** Split a text the way a model streams it: words with their trailing space. */
export const chunksOf = (text: string) => text.match(/\S+\s*|\s+/g) ?? [];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function startLlmTestServer(script: Partial<LlmTestScript> = {}): LlmTestServer {
  let pendingCloses = 0;
  let closeWaiters: Array<() => void> = [];
  const hanging = new Set<() => void>();
  const recordClose = () => {
    state.closed++;
    if (closeWaiters.length) {
      for (const wake of closeWaiters) wake();
      closeWaiters = [];
    } else pendingCloses++;
  };
  const state: LlmTestServer = {
    url: "",
    requests: [],
    written: [],
    closed: 0,
    nextClose: () => {
      if (pendingCloses > 0) {
        pendingCloses--;
        return Promise.resolve();
      }
      return new Promise((resolve) => closeWaiters.push(resolve));
    },
    script: { mode: "ok", reply: "Hello from the test model.", firstDelayMs: 0, chunkDelayMs: 0, ...script },
    set(next) {
      Object.assign(state.script, next);
    },
    stop() {
      for (const release of hanging) release();
      server.stop(true);
    },
  };

  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 0,
    async fetch(request) {
      const url = new URL(request.url);
      if (url.pathname !== "/api/chat" || request.method !== "POST") return new Response("not found", { status: 404 });
      const body = (await request.json()) as {
        model: string;
        messages: ChatMessage[];
        format?: Record<string, unknown>;
        stream?: boolean;
      };
      const received: LlmTestRequest = {
        model: body.model,
        messages: body.messages,
        prompt: body.messages.at(-1)?.content ?? "",
        format: body.format ?? null,
        stream: body.stream ?? true,
        authorization: request.headers.get("authorization"),
      };
      state.requests.push(received);
      const written: string[] = [];
      state.written.push(written);
      const { mode, firstDelayMs, chunkDelayMs } = state.script;

      if (mode === "hang") {
        // No response headers at all, until the client gives up (or the server stops).
        return new Promise<Response>((resolve) => {
          const release = () => {
            hanging.delete(release);
            resolve(new Response("{}", { status: 503 }));
          };
          hanging.add(release);
          request.signal.addEventListener("abort", () => {
            recordClose();
            release();
          });
        });
      }
      if (mode === "error") return Response.json({ error: "model exploded" }, { status: 500 });

      const text =
        mode === "garbage"
          ? "Sure! Here is your answer, not JSON at all."
          : typeof state.script.reply === "function"
            ? state.script.reply(received)
            : state.script.reply;
      const line = (content: string, done: boolean) =>
        `${JSON.stringify({ model: body.model, created_at: new Date().toISOString(), message: { role: "assistant", content }, done, ...(done ? { done_reason: "stop" } : {}) })}\n`;

      if (!received.stream) {
        if (mode === "silent") return new Promise<Response>(() => {});
        await sleep(firstDelayMs);
        written.push(text);
        return new Response(line(text, true), { headers: { "content-type": "application/json" } });
      }

      let cancelled = false;
      let finished = false;
      const onClose = () => {
        if (cancelled || finished) return;
        cancelled = true;
        recordClose();
      };
      request.signal.addEventListener("abort", onClose);
      const encoder = new TextEncoder();
      const stream = new ReadableStream<Uint8Array>({
        async start(controller) {
          if (mode === "silent") return; // headers only, then nothing
          await sleep(firstDelayMs);
          for (const chunk of chunksOf(text)) {
            if (cancelled) return;
            written.push(chunk);
            try {
              controller.enqueue(encoder.encode(line(chunk, false)));
            } catch {
              return onClose();
            }
            await sleep(chunkDelayMs);
          }
          if (cancelled) return;
          finished = true;
          controller.enqueue(encoder.encode(line("", true)));
          controller.close();
        },
        cancel: onClose,
      });
      return new Response(stream, { headers: { "content-type": "application/x-ndjson" } });
    },
  });
  state.url = `http://127.0.0.1:${server.port}`;
  return state;
}
