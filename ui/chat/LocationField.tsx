import { useEffect, useId, useRef, useState } from "react";
import { locationText, type SelectedCity } from "../state";
import { Pin } from "./Reply";

/** The inline editable location: the city search of the city picker (GET /api/cities/search). */
export function LocationField(props: {
  city: SelectedCity;
  onChange: (city: SelectedCity) => void;
  disabled: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState("");
  const [hits, setHits] = useState<SelectedCity[]>([]);
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
        .then((r) => (r.ok ? (r.json() as Promise<SelectedCity[]>) : []))
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
  const choose = (city: SelectedCity) => {
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
