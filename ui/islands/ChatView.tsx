import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { ChatPlace } from "../../modules/chat";
import {
  CHAT_CACHE_KEY,
  CHAT_CACHE_MS,
  CHAT_ERROR_REPLY,
  chatCityKey,
  segments,
  stripMarkdown,
  SUGGESTED_PROMPTS,
} from "../chat-text";
import { locationText, persistCity, type SelectedCity } from "../state";

/**
 * The /chat screen (issue 13): the spec's AI chat screen plus streamed tokens, a Stop button, place chips
 * and a live region. Loads only on /chat. The conversation is cached per city for 24 h in localStorage.
 */

interface Message {
  id: string;
  type: "ai" | "user";
  content: string;
  timestamp: string;
  location?: string;
  places?: ChatPlace[];
  model?: string;
  stopped?: boolean;
}

interface CityHit extends SelectedCity {}

const newId = () => `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
const welcome = (location: string): Message => ({
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
function cachedMessages(city: SelectedCity): Message[] | null {
  const entry = readCache()[chatCityKey(city.name)];
  if (!entry || !Array.isArray(entry.messages) || Date.now() - entry.lastUpdated > CHAT_CACHE_MS) return null;
  return entry.messages.filter((m) => m && (m.type === "ai" || m.type === "user") && typeof m.content === "string");
}
function writeCache(city: SelectedCity, messages: Message[]) {
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

/** Read server-sent events from a fetch response. */
async function* events(response: Response): AsyncGenerator<{ event: string; data: any }> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf("\n\n")) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = block.match(/^event: (.*)$/m)?.[1] ?? "message";
      const data = block.match(/^data: (.*)$/m)?.[1];
      yield { event, data: data ? JSON.parse(data) : null };
    }
  }
}

function Reply(props: { message: Message }) {
  const { message } = props;
  const text = message.type === "ai" ? stripMarkdown(message.content) : message.content;
  return (
    <>
      <p className="whitespace-pre-wrap break-words">
        {message.type === "ai"
          ? segments(text, message.location).map((s, i) =>
              s.kind === "text" ? (
                <span key={i}>{s.text}</span>
              ) : s.kind === "phone" ? (
                <a key={i} href={s.href} className="font-medium text-ink underline decoration-2">
                  {s.text}
                </a>
              ) : (
                <a
                  key={i}
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-ink underline decoration-2"
                >
                  {s.text}
                </a>
              ),
            )
          : text}
        {message.stopped && <span className="ml-1 text-xs text-ink-soft">(stopped)</span>}
      </p>
      {message.places && message.places.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Places in this answer">
          {message.places.map((p) => (
            <li key={p.id}>
              <a
                href={`/place/${p.id}`}
                className="inline-flex items-center gap-1 rounded-full border border-line bg-surface px-3 py-1 text-sm text-ink hover:border-primary focus-ring"
                data-testid="place-chip"
              >
                <Pin />
                {p.title}
                {p.distance !== null && <span className="whitespace-nowrap text-ink-soft">· {p.distance} mi</span>}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Pin() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-3.5 w-3.5 shrink-0 text-primary"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M12 21s-7-6.1-7-11a7 7 0 0 1 14 0c0 4.9-7 11-7 11Z" />
      <circle cx="12" cy="10" r="2.5" />
    </svg>
  );
}

function Avatar() {
  return (
    <span
      aria-hidden="true"
      className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-white"
    >
      AI
    </span>
  );
}

/** The inline editable location: the city search of the city picker (GET /api/cities/search). */
function LocationField(props: { city: SelectedCity; onChange: (city: SelectedCity) => void; disabled: boolean }) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState("");
  const [hits, setHits] = useState<CityHit[]>([]);
  const [active, setActive] = useState(0);
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (!editing) return;
    inputRef.current?.focus();
  }, [editing]);
  useEffect(() => {
    const q = text.trim();
    if (!editing || !q) return setHits([]);
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/api/cities/search?q=${encodeURIComponent(q)}&limit=6`, {
        signal: controller.signal,
        credentials: "include",
      })
        .then((r) => (r.ok ? (r.json() as Promise<CityHit[]>) : []))
        .then((list) => {
          setHits(list);
          setActive(0);
        })
        .catch(() => {});
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, editing]);
  const choose = (city: CityHit) => {
    setEditing(false);
    setText("");
    setHits([]);
    props.onChange(city);
  };
  if (!editing) {
    return (
      <button
        type="button"
        className="inline-flex items-center gap-1 rounded-full px-2 py-1 text-sm font-medium text-primary hover:bg-black/5 focus-ring disabled:opacity-60"
        onClick={() => setEditing(true)}
        disabled={props.disabled}
        aria-label={`Location: ${locationText(props.city)}. Change location`}
        data-testid="chat-location"
      >
        <Pin />
        {locationText(props.city)}
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-3.5 w-3.5"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M12 20h9M16.5 3.5a2.1 2.1 0 0 1 3 3L7 19l-4 1 1-4Z" />
        </svg>
      </button>
    );
  }
  return (
    <div className="relative">
      <input
        ref={inputRef}
        type="text"
        role="combobox"
        aria-expanded={hits.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={hits.length ? `${listId}-${active}` : undefined}
        aria-label="Chat location: search a city"
        placeholder="Search a city"
        className="w-56 rounded-full border border-line bg-surface px-3 py-1 text-sm text-ink focus-ring"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown") {
            e.preventDefault();
            setActive((a) => Math.min(a + 1, hits.length - 1));
          } else if (e.key === "ArrowUp") {
            e.preventDefault();
            setActive((a) => Math.max(a - 1, 0));
          } else if (e.key === "Enter" && hits[active]) {
            e.preventDefault();
            choose(hits[active]);
          } else if (e.key === "Escape") {
            setEditing(false);
          }
        }}
        onBlur={() => setTimeout(() => setEditing(false), 200)}
      />
      {hits.length > 0 && (
        <ul
          id={listId}
          role="listbox"
          aria-label="Cities"
          className="absolute left-0 top-full z-30 mt-1 w-64 overflow-hidden rounded-xl border border-line bg-surface shadow-lg"
        >
          {hits.map((c, i) => (
            <li
              key={`${c.name}-${c.stateCode}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`cursor-pointer px-3 py-2 text-sm text-ink ${i === active ? "bg-black/5" : ""}`}
              onMouseDown={(e) => {
                e.preventDefault();
                choose(c);
              }}
            >
              {c.name}, {c.stateCode}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default function ChatView(props: { city: SelectedCity }) {
  const [city, setCity] = useState<SelectedCity>(props.city);
  const location = locationText(city);
  const [messages, setMessages] = useState<Message[]>(() => [welcome(location)]);
  const [input, setInput] = useState("");
  const [pending, setPending] = useState(false);
  const [streaming, setStreaming] = useState(false);
  const [announce, setAnnounce] = useState("");
  const controllerRef = useRef<AbortController | null>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const [ready, setReady] = useState(false);

  // The cached conversation for this city (client only: the server renders the welcome message).
  useEffect(() => {
    const cached = cachedMessages(props.city);
    if (cached?.length) setMessages(cached);
    setReady(true);
  }, [props.city]);
  useEffect(() => {
    if (ready && !pending) writeCache(city, messages);
  }, [ready, messages, pending, city]);
  const scrollToBottom = useCallback(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, []);
  useEffect(scrollToBottom, [messages, scrollToBottom]);
  useEffect(() => () => controllerRef.current?.abort(), []);

  const changeCity = (next: SelectedCity) => {
    if (locationText(next) === location) return;
    controllerRef.current?.abort();
    persistCity(next);
    setCity(next);
    setMessages([welcome(locationText(next))]);
    setAnnounce(`Location changed to ${locationText(next)}.`);
  };

  const send = async (raw: string) => {
    const query = raw.trim();
    if (!query || pending) return;
    const user: Message = { id: newId(), type: "user", content: query, timestamp: new Date().toISOString(), location };
    const history = messages
      .slice(1)
      .slice(-10)
      .map((m) => ({ type: m.type, content: m.content.slice(0, 4000) }));
    const aiId = newId();
    setMessages((list) => [...list, user]);
    setInput("");
    setPending(true);
    const controller = new AbortController();
    controllerRef.current = controller;
    const update = (change: (m: Message) => Message) =>
      setMessages((list) =>
        list.some((m) => m.id === aiId)
          ? list.map((m) => (m.id === aiId ? change(m) : m))
          : [...list, change({ id: aiId, type: "ai", content: "", timestamp: new Date().toISOString(), location })],
      );
    let finished = false;
    try {
      const response = await fetch("/api/chat/stream", {
        method: "POST",
        headers: { "content-type": "application/json" },
        credentials: "include",
        body: JSON.stringify({ query, location, history }),
        signal: controller.signal,
      });
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      for await (const e of events(response)) {
        if (e.event === "token") {
          setStreaming(true);
          update((m) => ({ ...m, content: m.content + e.data.text }));
        } else if (e.event === "places") update((m) => ({ ...m, places: e.data.places }));
        else if (e.event === "done") {
          finished = true;
          update((m) => ({ ...m, content: e.data.response, model: e.data.model }));
          setAnnounce(`Assistant: ${stripMarkdown(e.data.response)}`);
        } else if (e.event === "error") throw new Error(e.data?.message ?? "error");
      }
      if (!finished) throw new Error("the answer ended early");
    } catch {
      if (controller.signal.aborted) {
        update((m) => ({ ...m, stopped: true }));
        setAnnounce("Stopped.");
      } else {
        update((m) => ({ ...m, content: CHAT_ERROR_REPLY, places: undefined }));
        setAnnounce(`Assistant: ${CHAT_ERROR_REPLY}`);
      }
    } finally {
      if (controllerRef.current === controller) controllerRef.current = null;
      setPending(false);
      setStreaming(false);
      // Remove an empty stopped reply (stopped before the first token).
      setMessages((list) => list.filter((m) => !(m.id === aiId && !m.content.trim())));
      requestAnimationFrame(() => inputRef.current?.focus());
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send(input);
    }
  };

  const waiting = pending && !streaming;
  return (
    <section
      className="flex h-[calc(100dvh-11rem)] min-h-96 flex-col rounded-2xl border border-line bg-surface"
      aria-labelledby="chat-title"
    >
      <div className="flex flex-wrap items-center gap-2 border-b border-line px-3 py-2">
        <a href="/" className="icon-btn" aria-label="Back" data-testid="chat-back">
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="h-5 w-5"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M15 18l-6-6 6-6" />
          </svg>
        </a>
        <h1 id="chat-title" className="text-base font-semibold text-ink">
          AI Travel Assistant
        </h1>
        <div className="ml-auto">
          <LocationField city={city} onChange={changeCity} disabled={pending} />
        </div>
      </div>
      <div
        ref={listRef}
        className="flex-1 space-y-3 overflow-y-auto px-3 py-3"
        data-testid="chat-messages"
        aria-label="Conversation"
        role="region"
        tabIndex={0}
      >
        {messages.map((m) =>
          m.type === "ai" ? (
            <div
              key={m.id}
              className="flex items-start gap-2"
              data-testid="ai-message"
              aria-busy={pending && m.id === messages.at(-1)?.id && streaming ? true : undefined}
            >
              <Avatar />
              <div className="max-w-[85%] rounded-2xl rounded-tl-sm bg-black/5 px-3 py-2 text-sm text-ink">
                <Reply message={m} />
              </div>
            </div>
          ) : (
            <div key={m.id} className="flex justify-end" data-testid="user-message">
              <div className="max-w-[85%] rounded-2xl rounded-tr-sm bg-primary px-3 py-2 text-sm text-white">
                <Reply message={m} />
              </div>
            </div>
          ),
        )}
        {waiting && (
          <div className="flex items-center gap-2" data-testid="thinking">
            <Avatar />
            <span className="text-sm text-ink-soft">Thinking...</span>
          </div>
        )}
        {messages.length <= 1 && (
          <div className="pt-2">
            <p className="mb-2 text-xs font-medium text-ink-soft">Try asking</p>
            <ul className="flex flex-wrap gap-2">
              {SUGGESTED_PROMPTS.map((prompt) => (
                <li key={prompt}>
                  <button
                    type="button"
                    className="rounded-full border border-line px-3 py-1 text-sm text-ink hover:border-primary focus-ring disabled:opacity-60"
                    disabled={pending}
                    onClick={() => void send(prompt)}
                  >
                    {prompt}
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
      <div className="sr-only" role="status" aria-live="polite" aria-atomic="true" data-testid="chat-live">
        {announce}
      </div>
      <form
        className="flex items-end gap-2 border-t border-line p-3"
        onSubmit={(e) => {
          e.preventDefault();
          void send(input);
        }}
      >
        <label htmlFor="chat-input" className="sr-only">
          Your question
        </label>
        <textarea
          id="chat-input"
          ref={inputRef}
          rows={1}
          maxLength={500}
          className="max-h-32 min-h-10 flex-1 resize-none rounded-2xl border border-line bg-surface px-3 py-2 text-sm text-ink focus-ring disabled:opacity-60"
          placeholder={`Ask about ${location}...`}
          value={input}
          disabled={pending}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => setTimeout(scrollToBottom, 300)}
        />
        {pending ? (
          <button
            type="button"
            className="inline-flex h-10 items-center justify-center rounded-full border border-line px-4 text-sm font-medium text-ink hover:border-primary focus-ring"
            onClick={() => controllerRef.current?.abort()}
            data-testid="chat-stop"
          >
            Stop
          </button>
        ) : (
          <button
            type="submit"
            className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-primary text-white hover:bg-primary-dark focus-ring disabled:opacity-60"
            aria-label="Send"
            disabled={!input.trim()}
            data-testid="chat-send"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-5 w-5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M22 2 11 13M22 2l-7 20-4-9-9-4 20-7Z" />
            </svg>
          </button>
        )}
      </form>
    </section>
  );
}
