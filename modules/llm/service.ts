import { toJsonSchema } from "@valibot/to-json-schema";
import { Ollama } from "ollama";
import * as v from "valibot";
import type { LlmSettings } from "../../src/config";
import type { ChatMessage } from "./model";

/**
 * The one seam for every model call (docs/decisions/015-module-map.md item 3, decision 017). An Ollama server (local, or hosted with
 * a bearer key) is asked through the `ollama` npm client, always streamed:
 * - a FIRST-TOKEN timeout (`firstTokenMs`, from OLLAMA_TIMEOUT_SECONDS): a model that sends nothing for that
 *   long is abandoned; the same bound applies between two chunks (a stalled stream). A slow but steady
 *   stream is never cut.
 * - `complete` (structured output) also has a whole-answer deadline of `completeMs` (10 s), since its
 *   callers wait for the full answer before they can show anything.
 * - one breaker: a model that timed out or failed is skipped for `breakerMs` (60 s) by every caller.
 */

export const BREAKER_MS = 60_000;
export const COMPLETE_DEADLINE_MS = 10_000;

export class LlmUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "LlmUnavailableError";
  }
}

export interface LlmOptions {
  /** Milliseconds a failed model is skipped (default 60 s). */
  breakerMs?: number;
  /** Whole-answer deadline for `complete` (default 10 s). */
  completeMs?: number;
  now?: () => number;
  /** Called once per model failure (before the breaker opens). */
  onFailure?: (error: Error) => void;
}

export interface Llm {
  /** "ollama:{model}", kept with every answer a model writes. */
  readonly name: string;
  /** False while the breaker is open (the model failed in the last minute). */
  available(): boolean;
  /** A structured answer: the JSON schema is derived from `schema`, the answer validated by it. */
  complete<T>(schema: v.GenericSchema<unknown, T>, prompt: string | ChatMessage[], signal?: AbortSignal): Promise<T>;
  /** Tokens as the model writes them; aborting `signal` stops the model's stream at once. */
  stream(
    messages: ChatMessage[],
    signal?: AbortSignal,
    /** `firstTokenMs`: a shorter first-token wait than the configured one (what is left of a caller's budget). */
    options?: { temperature?: number; firstTokenMs?: number },
  ): AsyncGenerator<string, void, undefined>;
  /** The configured first-token timeout (OLLAMA_TIMEOUT_SECONDS), in ms. */
  readonly firstTokenMs: number;
}

const formats = new WeakMap<object, object>();
/** The JSON schema for Ollama's `format` field, derived once per valibot schema. */
export function jsonFormat(schema: v.GenericSchema): object {
  let format = formats.get(schema);
  if (!format) {
    // Refinements the JSON schema cannot express (trim, transforms) are checked by valibot afterwards.
    const { $schema: _ignored, ...rest } = toJsonSchema(schema, { errorMode: "ignore" }) as Record<string, unknown>;
    format = rest;
    formats.set(schema, format);
  }
  return format;
}

class Timeout extends Error {}

/** A timer that fires this much later than asked was held up by this process, not by the model. */
const STALL_MS = 250;
/**
 * A model's wait of `ms`, counted in time this process could read its answer: when the timer fires STALL_MS or more
 * late (a state import or a collection held the event loop, or the machine was busy), the model's chunks may be
 * waiting unread, so it waits once more — min(ms, 1 s) — before giving up. A model that is really silent is
 * abandoned a little later; a healthy one is never blamed, and never trips the breaker, for the server's stall.
 * `rearmed` is told the new handle, so the caller's clearTimeout still stops it.
 */
function modelTimer(
  ms: number,
  rearmed: (handle: ReturnType<typeof setTimeout>) => void,
  fire: () => void,
): ReturnType<typeof setTimeout> {
  const due = performance.now() + ms;
  return setTimeout(() => {
    if (performance.now() - due < STALL_MS) fire();
    else rearmed(setTimeout(fire, Math.min(ms, 1000)));
  }, ms);
}

export function createLlm(settings: LlmSettings, options: LlmOptions = {}): Llm {
  const now = options.now ?? Date.now;
  const breakerMs = options.breakerMs ?? BREAKER_MS;
  const completeMs = options.completeMs ?? COMPLETE_DEADLINE_MS;
  let downUntil = 0;

  const trip = (error: Error) => {
    downUntil = now() + breakerMs;
    options.onFailure?.(error);
  };

  /** Stream the model's content chunks; every failure trips the breaker, an abort by the caller does not. */
  async function* run(
    messages: ChatMessage[],
    signal: AbortSignal | undefined,
    extra: { format?: object; temperature?: number; deadlineMs?: number; firstTokenMs?: number },
  ) {
    if (now() < downUntil)
      throw new LlmUnavailableError(
        `the model ${settings.model} failed less than ${Math.round(breakerMs / 1000)} s ago`,
      );
    signal?.throwIfAborted();
    // One controller per call: the caller's signal, the first-token/stall timer and the deadline all abort it,
    // which closes the HTTP request (ollama's own abort() closes the body stream once it exists).
    const controller = new AbortController();
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener("abort", onAbort, { once: true });
    let timer: ReturnType<typeof setTimeout> | undefined;
    let deadline: ReturnType<typeof setTimeout> | undefined;
    let timedOut: Timeout | undefined;
    const arm = (what: string, ms = settings.firstTokenMs) => {
      clearTimeout(timer);
      timer = modelTimer(
        ms,
        (handle) => (timer = handle),
        () => {
          timedOut = new Timeout(`the model ${settings.model} sent nothing for ${ms} ms (${what})`);
          controller.abort(timedOut);
        },
      );
    };
    if (extra.deadlineMs !== undefined) {
      const ms = extra.deadlineMs;
      deadline = modelTimer(
        ms,
        (handle) => (deadline = handle),
        () => {
          timedOut = new Timeout(`the model ${settings.model} did not finish within ${ms} ms`);
          controller.abort(timedOut);
        },
      );
    }
    const client = new Ollama({
      host: settings.host,
      headers: settings.apiKey ? { Authorization: `Bearer ${settings.apiKey}` } : undefined,
      fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
        fetch(input, {
          ...init,
          signal: init?.signal ? AbortSignal.any([init.signal, controller.signal]) : controller.signal,
        })) as typeof fetch,
    });
    let iterator: { abort(): void } | undefined;
    const stopIterator = () => iterator?.abort();
    controller.signal.addEventListener("abort", stopIterator, { once: true });
    arm("before the first token", Math.min(settings.firstTokenMs, extra.firstTokenMs ?? settings.firstTokenMs));
    try {
      const chunks = await client.chat({
        model: settings.model,
        stream: true,
        messages,
        format: extra.format as Record<string, unknown> | undefined,
        options: { temperature: extra.temperature ?? 0.4 },
      });
      iterator = chunks;
      if (controller.signal.aborted) chunks.abort();
      for await (const chunk of chunks) {
        const text = chunk.message?.content ?? "";
        if (text) {
          arm("between two chunks");
          yield text;
        }
        if (chunk.done) break;
      }
    } catch (error) {
      if (signal?.aborted && !timedOut) throw signal.reason ?? error; // the caller stopped: not the model's fault
      const failure = timedOut ?? (error instanceof Error ? error : new Error(String(error)));
      trip(failure);
      throw failure;
    } finally {
      clearTimeout(timer);
      clearTimeout(deadline);
      signal?.removeEventListener("abort", onAbort);
      // Leaving early (the consumer stopped reading) closes the model's stream too.
      if (!controller.signal.aborted) controller.abort();
    }
  }

  return {
    name: `ollama:${settings.model}`,
    firstTokenMs: settings.firstTokenMs,
    available: () => now() >= downUntil,

    async complete<T>(
      schema: v.GenericSchema<unknown, T>,
      prompt: string | ChatMessage[],
      signal?: AbortSignal,
    ): Promise<T> {
      const messages = typeof prompt === "string" ? [{ role: "user" as const, content: prompt }] : prompt;
      let text = "";
      for await (const chunk of run(messages, signal, { format: jsonFormat(schema), deadlineMs: completeMs }))
        text += chunk;
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch {
        const error = new Error("the model's answer is not JSON");
        trip(error);
        throw error;
      }
      const parsed = v.safeParse(schema, json);
      if (!parsed.success) {
        const error = new Error(`the model's answer has the wrong shape (${parsed.issues[0]?.message ?? "invalid"})`);
        trip(error);
        throw error;
      }
      return parsed.output;
    },

    stream(messages, signal, streamOptions) {
      return run(messages, signal, {
        temperature: streamOptions?.temperature,
        firstTokenMs: streamOptions?.firstTokenMs,
      });
    },
  };
}
