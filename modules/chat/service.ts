import type { Llm } from "../llm";
import { Citations, toChatPlace } from "./citations";
import { groundedText, wordsOf } from "./grounded";
import type { ChatPlace, ChatTurnValue } from "./model";
import { modelMessages } from "./prompt";
import { retrieve, type Grounding } from "./retrieve";
import type { ChatCity, ChatSources, SourcePlace } from "./sources";

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
type AnswerOptions = { signal?: AbortSignal; stream?: boolean };

export class ChatLocationError extends Error {}

/** Whole-answer deadline for the non-streamed route: past it, the grounded answer. */
export const ANSWER_DEADLINE_MS = 9_000;

export class ChatService<C extends ChatCity> {
  constructor(
    private readonly deps: {
      sources: ChatSources<C>;
      llm: Llm | null;
      log: { warn(...args: unknown[]): void };
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
  async *tokens(input: ChatInput, options: AnswerOptions = {}): AsyncGenerator<string, ChatResult> {
    const city = this.resolve(input.location);
    const grounding = await retrieve(this.deps.sources, city, input.query);
    const known = new Map(grounding.places.map((p) => [p.id, p]));
    if (grounding.anchor) known.set(grounding.anchor.id, grounding.anchor);
    // The city answered for: the one the question names when it names another.
    const location = `${grounding.city.name}, ${grounding.city.stateCode}`;
    const { llm } = this.deps;
    if (llm?.available() && (grounding.places.length || grounding.history.length || grounding.facts.length)) {
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
        yield text;
      }
    }
    const tail = citations.flush();
    if (tail) {
      response += tail;
      yield tail;
    }
    return { response: tidy(response), location, places: citations.cited.map(toChatPlace), model: "grounded" };
  }

  /** The model's answer, or null when it failed before anything was shown (the grounded provider takes over). */
  private async *fromModel(
    llm: Llm,
    g: Grounding,
    known: Map<number, SourcePlace>,
    input: { query: string; history: ChatTurnValue[] },
    options: AnswerOptions,
  ): AsyncGenerator<string, Omit<ChatResult, "location"> | null> {
    const citations = new Citations(known);
    const signals = [options.signal, options.stream ? undefined : AbortSignal.timeout(ANSWER_DEADLINE_MS)].filter(
      (s): s is AbortSignal => Boolean(s),
    );
    const signal = signals.length ? AbortSignal.any(signals) : undefined;
    let response = "";
    const pending: string[] = [];
    try {
      for await (const chunk of llm.stream(modelMessages(g, input.query, input.history), signal)) {
        const text = citations.push(chunk);
        if (!text) continue;
        response += text;
        if (options.stream) yield text;
        else pending.push(text);
      }
      const tail = citations.flush();
      response += tail;
      if (tail && options.stream) yield tail;
      else if (tail) pending.push(tail);
    } catch (error) {
      if (options.signal?.aborted) throw options.signal.reason ?? error;
      this.deps.log.warn(
        `Chat: the model could not answer (${error instanceof Error ? error.message : String(error)}); ${response ? "the answer ends here" : "using the data-grounded provider"}.`,
      );
      if (!response || !options.stream) return null;
    }
    if (!response.trim()) return null;
    yield* pending;
    return { response: tidy(response), places: citations.cited.map(toChatPlace), model: llm.name };
  }
}

/** Spaces left by a dropped marker ("near  and") and before punctuation. */
const tidy = (text: string) =>
  text
    .replace(/ {2,}/g, " ")
    .replace(/ ([,.;:!?])/g, "$1")
    .trim();
