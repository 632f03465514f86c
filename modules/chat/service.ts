import type { Llm } from "../llm";
import { Citations, toChatPlace } from "./citations";
import { groundedText, wordsOf } from "./grounded";
import type { ChatPlace, ChatTurnValue } from "./model";
import { checkContext, sentenceEnd, ungrounded } from "./check";
import { modelContext, modelMessages } from "./prompt";
import { retrieve, type Grounding } from "./retrieve";
import type { ChatCity, ChatSources, SourcePlace } from "./sources";
import { tripAnswer } from "./trip-answer";
import { tripCommand, type ChatTrips } from "./trip-commands";

/**
 * The travel assistant (docs/decisions/018-chat.md). Every answer is grounded in one city's real data:
 * 1. understand the question (intent: topics, open now, near X, with kids, free, a named place);
 * 2. retrieve matching places from the store around the city's centre, plus its history and facts;
 * 3. write: the model (when configured, available and quick to start) from that context only, else the
 *    data-grounded provider, which composes natural sentences from the same retrieval.
 * Either way a place is written as a marker `[[id]]`; the server replaces each marker by the place's name
 * from the context and drops any id that is not in it, so a name reaches the client only for a real place.
 */

export interface ChatResult {
  response: string;
  location: string;
  places: ChatPlace[];
  model: string;
}

type ChatInput = { query: string; location: string; history: ChatTurnValue[] };
/**
 * `startedAt`: performance.now() when the question arrived (the model's first-token wait counts from it);
 * `userId`: who asks (trip commands act on their trips).
 */
type AnswerOptions = { signal?: AbortSignal; stream?: boolean; startedAt?: number; userId?: number };
/** Text as it is ready, or `reset`: forget the text shown so far (a checked model answer was replaced). */
export type Chunk = { text: string } | { reset: true };

/** A model's answer stops at this length or time, with a note saying so. */
export const STREAM_MAX_CHARS = 4_000;
export const STREAM_MAX_MS = 60_000;
export const CUT_NOTES = {
  length: "(The answer was cut here: it reached 4,000 characters.)",
  time: "(The answer was cut here: it ran for 60 seconds.)",
};
/** Kept back from the first-token wait for the grounded answer that follows a silent model (or 5 % of it). */
const FALLBACK_MARGIN_MS = 200;

export class ChatLocationError extends Error {}

/** Whole-answer deadline for the non-streamed route: past it, the grounded answer. */
export const ANSWER_DEADLINE_MS = 9_000;

export class ChatService<C extends ChatCity> {
  constructor(
    private readonly deps: {
      sources: ChatSources<C>;
      llm: Llm | null;
      log: { warn(...args: unknown[]): void };
      /** The model's length and time caps (default STREAM_MAX_CHARS, STREAM_MAX_MS). */
      caps?: { chars: number; ms: number };
      /** The user's trips ("plan a day in …", "add … to day N"); without them those are answered as questions. */
      trips?: ChatTrips;
    },
  ) {}

  resolve(location: string): C {
    const city = this.deps.sources.resolve(location);
    if (!city) throw new ChatLocationError(`We don't know the city “${location}”. Choose a city as “City, ST”.`);
    return city;
  }

  /** Answer one question whole (the tokens are not needed one by one). */
  async ask(input: ChatInput, options: AnswerOptions = {}): Promise<ChatResult> {
    const tokens = this.tokens(input, options);
    for (;;) {
      const next = await tokens.next();
      if (next.done) return next.value;
    }
  }

  /**
   * Answer one question: yields the text as it is ready (names already in place) and returns the whole text,
   * the cited places (in order) and the provider. `stream` = the caller shows tokens as they come (a model
   * that fails after its first token ends the answer there); otherwise the model must finish within
   * ANSWER_DEADLINE_MS or the grounded provider answers instead.
   */
  async *tokens(input: ChatInput, options: AnswerOptions = {}): AsyncGenerator<Chunk, ChatResult> {
    const city = this.resolve(input.location);
    // A trip command is done, not written: its answer says what changed (or why nothing did).
    const command = tripCommand(input.query);
    if (command && this.deps.trips && options.userId !== undefined) {
      const done = await tripAnswer(command, {
        sources: this.deps.sources,
        trips: this.deps.trips,
        city,
        userId: options.userId,
      });
      yield { text: done.response };
      return { ...done, model: "grounded" };
    }
    const grounding = await retrieve(this.deps.sources, city, input.query);
    const known = new Map(grounding.places.map((p) => [p.id, p]));
    if (grounding.anchor) known.set(grounding.anchor.id, grounding.anchor);
    // The city answered for: the one the question names when it names another.
    const location = `${grounding.city.name}, ${grounding.city.stateCode}`;
    const { llm } = this.deps;
    const modelMayWrite = grounding.kind === "list" || grounding.kind === "place";
    if (
      llm?.available() &&
      modelMayWrite &&
      (grounding.places.length || grounding.history.length || grounding.facts.length)
    ) {
      const written = yield* this.fromModel(llm, grounding, known, input, options);
      if (written) return { ...written, location };
    }
    options.signal?.throwIfAborted();
    const citations = new Citations(known);
    let response = "";
    for await (const chunk of wordsOf(groundedText(grounding))) {
      const text = citations.push(chunk);
      if (text) {
        response += text;
        yield { text };
      }
    }
    const tail = citations.flush();
    if (tail) {
      response += tail;
      yield { text: tail };
    }
    return { response: tidy(response), location, places: citations.cited.map(toChatPlace), model: "grounded" };
  }

  /**
   * The model's answer, checked sentence by sentence against its context (names, addresses, phones, prices,
   * ratings, years); null when it failed before anything was shown, or wrote something the context does not
   * hold (logged; a `reset` chunk first when sentences were shown): the grounded provider answers instead.
   * It stops at STREAM_MAX_CHARS or STREAM_MAX_MS with a note saying so; its first token must come within
   * what is left of OLLAMA_TIMEOUT_SECONDS since the question arrived.
   */
  private async *fromModel(
    llm: Llm,
    g: Grounding,
    known: Map<number, SourcePlace>,
    input: { query: string; history: ChatTurnValue[] },
    options: AnswerOptions,
  ): AsyncGenerator<Chunk, Omit<ChatResult, "location"> | null> {
    const citations = new Citations(known);
    const check = checkContext([
      JSON.stringify(modelContext(g)),
      ...[...known.values()].map((p) => p.title),
      g.city.name,
      g.city.stateName,
      g.from?.name ?? "",
      "LocalScope",
    ]);
    const capped = new AbortController();
    const capTimer = setTimeout(
      () => capped.abort(new Error("the answer's time cap")),
      this.deps.caps?.ms ?? STREAM_MAX_MS,
    );
    const signal = AbortSignal.any(
      [options.signal, capped.signal, options.stream ? undefined : AbortSignal.timeout(ANSWER_DEADLINE_MS)].filter(
        (s): s is AbortSignal => Boolean(s),
      ),
    );
    const spent = performance.now() - (options.startedAt ?? performance.now());
    // Never less than half the configured wait: a slow retrieval must not make a healthy model look hung.
    const margin = Math.max(FALLBACK_MARGIN_MS, llm.firstTokenMs * 0.05);
    const firstTokenMs = Math.max(llm.firstTokenMs / 2, llm.firstTokenMs - spent - margin);
    let shown = "";
    let buffer = "";
    let cut: "length" | "time" | null = null;
    const pending: string[] = [];
    try {
      const messages = modelMessages(g, input.query, input.history);
      for await (const chunk of llm.stream(messages, signal, { firstTokenMs })) {
        buffer += citations.push(chunk);
        for (let end = sentenceEnd(buffer); end > 0; end = sentenceEnd(buffer)) {
          const sentence = buffer.slice(0, end);
          buffer = buffer.slice(end);
          const reason = ungrounded(sentence, check);
          if (reason) throw new Ungrounded(reason);
          shown += sentence;
          if (options.stream) yield { text: sentence };
          else pending.push(sentence);
        }
        if (shown.length + buffer.length >= (this.deps.caps?.chars ?? STREAM_MAX_CHARS)) {
          cut = "length";
          break;
        }
      }
      if (!cut) {
        buffer += citations.flush();
        const reason = buffer.trim() ? ungrounded(buffer, check) : null;
        if (reason) throw new Ungrounded(reason);
        shown += buffer;
        if (buffer && options.stream) yield { text: buffer };
        else if (buffer) pending.push(buffer);
      }
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      if (error instanceof Ungrounded) {
        this.deps.log.warn(`Chat: the model's answer was replaced by the grounded answer (${error.message}).`);
        if (shown && options.stream) yield { reset: true };
        return null;
      }
      if (capped.signal.aborted) cut = "time";
      else {
        this.deps.log.warn(
          `Chat: the model could not answer (${error instanceof Error ? error.message : String(error)}); ${shown ? "the answer ends here" : "using the data-grounded provider"}.`,
        );
        if (!shown || !options.stream) return null;
      }
    } finally {
      clearTimeout(capTimer);
    }
    if (cut) {
      const note = ` … ${cut === "length" ? CUT_NOTES.length : CUT_NOTES.time}`;
      shown += note;
      if (options.stream) yield { text: note };
      else pending.push(note);
    }
    if (!shown.trim()) return null;
    for (const text of pending) yield { text };
    return { response: tidy(shown), places: citations.cited.map(toChatPlace), model: llm.name };
  }
}

/** A sentence of the model's that the context does not ground; the message says what. */
class Ungrounded extends Error {}

/** Spaces left by a dropped marker ("near  and") and before punctuation. */
const tidy = (text: string) =>
  text
    .replace(/ {2,}/g, " ")
    .replace(/ ([,.;:!?])/g, "$1")
    .trim();
