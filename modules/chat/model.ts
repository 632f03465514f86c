import * as v from "valibot";

/** Chat (docs/decisions/018-chat.md, docs/product.md#chat): request and answer shapes. */

export const QUERY_MAX = 500;
export const HISTORY_MAX = 10;

export const ChatTurn = v.object({
  type: v.picklist(["user", "ai"], "A history turn's type is 'user' or 'ai'."),
  content: v.pipe(
    v.string("A history turn's content must be text."),
    v.maxLength(4000, "A history turn is at most 4000 characters."),
  ),
});

export const ChatBody = v.object({
  query: v.pipe(
    v.string("Please type a question."),
    v.trim(),
    v.minLength(1, "Please type a question."),
    v.maxLength(QUERY_MAX, `A question is at most ${QUERY_MAX} characters.`),
  ),
  location: v.pipe(
    v.string("Choose a city as “City, ST”."),
    v.trim(),
    v.minLength(1, "Choose a city as “City, ST”."),
    v.maxLength(120, "Choose a city as “City, ST”."),
  ),
  history: v.optional(
    v.pipe(
      v.array(ChatTurn, "history must be a list of earlier turns."),
      v.maxLength(HISTORY_MAX, `At most ${HISTORY_MAX} earlier turns are sent.`),
    ),
    [],
  ),
});
export type ChatRequest = v.InferOutput<typeof ChatBody>;
export type ChatTurnValue = v.InferOutput<typeof ChatTurn>;

/** A place an answer names: real, from the store, linking to /place/{id}. */
export interface ChatPlace {
  id: number;
  title: string;
  category: string;
  kind: string;
  /** Miles from the city's centre, one decimal. */
  distance: number | null;
  address: string | null;
  openNow: boolean | null;
}

/** POST /api/chat/recommendations: the product's {response, location} plus places and model (docs/product.md#chat). */
export interface ChatAnswer {
  response: string;
  /** "City, ST" as resolved. */
  location: string;
  places: ChatPlace[];
  /** Which provider wrote it: "grounded" or "ollama:{model}". */
  model: string;
}

/** The server-sent events of POST /api/chat/stream. */
export type ChatEvent =
  | { event: "token"; data: { text: string } }
  /** Forget the text so far: the model's answer failed its check and the grounded answer follows. */
  | { event: "reset"; data: Record<string, never> }
  | { event: "places"; data: { places: ChatPlace[] } }
  | { event: "done"; data: { location: string; model: string; response: string } }
  | { event: "error"; data: { message: string; errors: Record<string, string[]> } };
