import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { CHAT_ERROR_REPLY, stripMarkdown, SUGGESTED_PROMPTS } from "../chat-text";
import { LocationField } from "../chat/LocationField";
import { cachedMessages, newId, rateLimitedReply, welcome, writeCache, type Message } from "../chat/messages";
import { SwitchCity } from "../chat/SwitchCity";
import { BackLink } from "../components/back-link";
import { Avatar, Reply } from "../chat/Reply";
import { chatEvents } from "../chat/stream";
import { locationText, persistCity, type SelectedCity } from "../state";

/**
 * The /chat screen: the product's AI chat screen plus streamed tokens, a Stop button, place chips and a live
 * region. Loads only on /chat. The conversation is cached per city for 24 h in localStorage (ui/chat/messages.ts).
 */

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
      if (response.status === 429) {
        // The per-user limit: say how long to wait (the 429's Retry-After), not the generic error.
        finished = true;
        const reply = rateLimitedReply(response.headers.get("retry-after"));
        update((m) => ({ ...m, content: reply }));
        setAnnounce(`Assistant: ${reply}`);
        return;
      }
      if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
      for await (const e of chatEvents(response)) {
        if (e.event === "token") {
          setStreaming(true);
          update((m) => ({ ...m, content: m.content + e.data.text }));
        } else if (e.event === "reset") update((m) => ({ ...m, content: "", places: undefined }));
        else if (e.event === "places") update((m) => ({ ...m, places: e.data.places }));
        else if (e.event === "done") {
          finished = true;
          update((m) => ({ ...m, content: e.data.response, model: e.data.model, location: e.data.location }));
          setAnnounce(`Assistant: ${stripMarkdown(e.data.response)}`);
        } else if (e.event === "error") throw new Error(e.data.message);
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
        <BackLink header label="Back" className="icon-btn" tooltip={false} testId="chat-back" />
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
                {m.location && m.location !== location && m.id !== messages[0]?.id && (
                  <SwitchCity location={m.location} onSwitch={changeCity} disabled={pending} />
                )}
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
