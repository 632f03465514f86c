import type { ChatPlace } from "../../modules/chat";
import { CHAT_CACHE_KEY, CHAT_CACHE_MS, chatCityKey } from "../chat-text";
import type { SelectedCity } from "../state";

/** The chat screen's messages and their per-city cache (24 h in localStorage). */

export interface Message {
  id: string;
  type: "ai" | "user";
  content: string;
  timestamp: string;
  location?: string;
  places?: ChatPlace[];
  model?: string;
  stopped?: boolean;
}

export const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
export const welcome = (location: string): Message => ({
  id: newId(),
  type: "ai",
  content: `Hi! I'm your LocalScope travel assistant for ${location}. Ask me about places to eat, things to do, history or where to shop, and I'll answer from real, sourced places.`,
  timestamp: new Date().toISOString(),
  location,
});

type Cache = Record<string, { messages: Message[]; lastUpdated: number }>;
function readCache(): Cache {
  try {
    const parsed = JSON.parse(localStorage.getItem(CHAT_CACHE_KEY) ?? "{}") as Cache;
    return parsed && typeof parsed === "object" ? parsed : {};
  } catch {
    return {};
  }
}
export function cachedMessages(city: SelectedCity): Message[] | null {
  const entry = readCache()[chatCityKey(city.name)];
  if (!entry || !Array.isArray(entry.messages) || Date.now() - entry.lastUpdated > CHAT_CACHE_MS) return null;
  return entry.messages.filter((m) => m && (m.type === "ai" || m.type === "user") && typeof m.content === "string");
}
export function writeCache(city: SelectedCity, messages: Message[]) {
  try {
    const cache = readCache();
    for (const [key, entry] of Object.entries(cache))
      if (Date.now() - entry.lastUpdated > CHAT_CACHE_MS) delete cache[key];
    cache[chatCityKey(city.name)] = { messages, lastUpdated: Date.now() };
    localStorage.setItem(CHAT_CACHE_KEY, JSON.stringify(cache));
  } catch {
    // Storage full or unavailable: the conversation just is not kept.
  }
}

/** The reply when the per-user limit refused a message: how long to wait, from the 429's Retry-After. */
export function rateLimitedReply(retryAfter: string | null): string {
  const seconds = Math.max(1, Math.ceil(Number(retryAfter) || 60));
  return `You're sending messages quickly — try again in ${seconds} s.`;
}
