/**
 * modules/llm: the one seam for every model call (decision 017). It has no routes; the app creates one
 * `Llm` (when a model is configured) and hands it to the modules that write with a model (content, chat),
 * so they share its breaker.
 */
export {
  BREAKER_MS,
  COMPLETE_DEADLINE_MS,
  createLlm,
  jsonFormat,
  LlmUnavailableError,
  type Llm,
  type LlmOptions,
} from "./service";
export type { ChatMessage } from "./model";
