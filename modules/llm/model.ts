import * as v from "valibot";

/** One message of a model conversation (the Ollama chat shape). */
export const ChatMessageSchema = v.object({
  role: v.picklist(["system", "user", "assistant"]),
  content: v.string(),
});
export type ChatMessage = v.InferOutput<typeof ChatMessageSchema>;
