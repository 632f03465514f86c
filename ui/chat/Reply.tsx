import type { Message } from "./messages";
import { segments, stripMarkdown } from "../chat-text";

/** One message's text (phones and addresses as links) and its place chips. */
export function Reply(props: { message: Message }) {
  const { message } = props;
  const text = message.type === "ai" ? stripMarkdown(message.content) : message.content;
  return (
    <>
      <p className="whitespace-pre-wrap break-words">
        {message.type === "ai"
          ? segments(text, message.location).map((s, i) =>
              s.kind === "text" ? (
                <span key={i}>{s.text}</span>
              ) : s.kind === "phone" || s.kind === "app" ? (
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

export function Pin() {
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

export function Avatar() {
  return (
    <span
      aria-hidden="true"
      className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-white"
    >
      AI
    </span>
  );
}
