import { useAtom, useSetAtom } from "jotai";
import { useHydrateAtoms } from "jotai/utils";
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from "react";
import { ChunkBoundary, reloadPage } from "../components/ChunkBoundary";
import type { Suggestion, SuggestionState } from "../components/CitySuggestions";
import { trackActivity } from "../requests";
import { persistCity, selectedCityAtom, showToastAtom, type SelectedCity } from "../state";

/** Spec constants: 150 ms debounce, 10 suggestions, list hides 200 ms after blur. */
export const DEBOUNCE_MS = 150;
export const SUGGESTION_LIMIT = 10;
export const HIDE_AFTER_BLUR_MS = 200;

const loadSuggestions = () => import("../components/CitySuggestions");
const CitySuggestions = lazy(loadSuggestions);
/** The suggestions' code (and the query cache) loads when the search box is first pointed at or focused. */
const preloadSuggestions = () => void loadSuggestions();

const LISTBOX_ID = "city-picker-listbox";
const optionId = (i: number) => `city-picker-option-${i}`;
const suggestionKey = (s: Suggestion) => `${s.name}|${s.stateCode}|${s.latitude}|${s.longitude}`;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export default function CityPicker(props: { city: SelectedCity; cityCount: number }) {
  useHydrateAtoms([[selectedCityAtom, props.city]]);
  const [, setCity] = useAtom(selectedCityAtom);
  const showToast = useSetAtom(showToastAtom);
  const [text, setText] = useState("");
  const [open, setOpen] = useState(false);
  // The highlighted suggestion, by the city it names: results that arrive after an arrow key (the list refreshed
  // for the last letters typed) keep it highlighted where it still is, and never move the highlight onto
  // another city at the same position. Typing clears it.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const hideTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inputRef = useRef<HTMLInputElement>(null);

  const query = useDebounced(text.trim(), DEBOUNCE_MS);
  // Null until the suggestions' code has loaded and reported: until then the list says it is searching.
  const [found, setFound] = useState<SuggestionState | null>(null);
  const [started, setStarted] = useState(false);
  // The suggestions' code could not be loaded: searching fails until the page is reloaded ("Try again").
  const [partFailed, setPartFailed] = useState(false);
  const current = partFailed
    ? { query, data: undefined, stale: false, isFetching: false, isError: true, refetch: reloadPage }
    : found?.query === query
      ? found
      : null;
  // Until the part has reported on this text, the previous report's list stays shown, as still searching.
  const { data, stale, isFetching, isError, refetch } = current ?? {
    data: found?.data,
    stale: true,
    isFetching: true,
    isError: false,
    refetch: () => {},
  };
  const suggestions = query.length > 0 ? (data ?? []) : [];
  const pending = text.trim() !== query || stale || (isFetching && !data);
  const showList = open && text.trim().length > 0;
  const active = activeKey === null ? -1 : suggestions.findIndex((s) => suggestionKey(s) === activeKey);
  const highlight = (i: number) => setActiveKey(suggestions[i] ? suggestionKey(suggestions[i]) : null);

  // Text typed before this island hydrated (slow network): take it over instead of ignoring it.
  useEffect(() => {
    const input = inputRef.current;
    if (input?.value) {
      setText(input.value);
      setStarted(true);
      if (document.activeElement === input) setOpen(true);
    }
  }, []);
  useEffect(() => () => clearTimeout(hideTimer.current), []);

  function choose(suggestion: Suggestion) {
    const city: SelectedCity = {
      name: suggestion.name,
      state: suggestion.state,
      stateCode: suggestion.stateCode,
      displayName: suggestion.displayName,
      population: suggestion.population,
      populationIsUrbanArea: suggestion.populationIsUrbanArea,
      latitude: suggestion.latitude,
      longitude: suggestion.longitude,
    };
    setCity(city);
    persistCity(city);
    trackActivity({
      activityType: "search_performed",
      cityName: city.name,
      cityState: city.stateCode,
      activityData: { searchQuery: text.trim() },
    });
    setText("");
    setOpen(false);
    setActiveKey(null);
    showToast({ title: `Now exploring ${city.name}, ${city.stateCode}` });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      if (suggestions.length) highlight((active + 1) % suggestions.length);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (suggestions.length) highlight(active <= 0 ? suggestions.length - 1 : active - 1);
    } else if (event.key === "Enter") {
      const pick = suggestions[active >= 0 ? active : 0];
      if (showList && pick && !pending) {
        event.preventDefault();
        choose(pick);
      }
    } else if (event.key === "Escape") {
      if (showList) setOpen(false);
      else setText("");
    }
  }

  let status: string;
  if (!showList) status = "";
  else if (isError) status = "City search failed. Check your connection and try again.";
  else if (pending) status = "Searching cities…";
  else if (suggestions.length === 0)
    status = `No US city matches “${text.trim()}”. Try a city name or a 5-digit ZIP code.`;
  else
    status = `${suggestions.length} suggestion${suggestions.length === 1 ? "" : "s"}. Use the arrow keys to choose, Enter to select.`;

  return (
    <div className="relative">
      <label htmlFor="city-picker-input" className="sr-only">
        Search {props.cityCount.toLocaleString("en-US")} US cities
      </label>
      <div className="flex items-center gap-2 rounded-full bg-surface px-4 py-2 shadow-sm ring-1 ring-line focus-within:ring-2 focus-within:ring-primary">
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-5 w-5 shrink-0 text-ink-soft"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        >
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <input
          ref={inputRef}
          id="city-picker-input"
          type="text"
          role="combobox"
          aria-expanded={showList}
          aria-controls={LISTBOX_ID}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? optionId(active) : undefined}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          placeholder={`Search ${props.cityCount.toLocaleString("en-US")} cities or ZIPs`}
          className="w-full bg-transparent py-1 text-base text-ink outline-none placeholder:text-ink-soft"
          value={text}
          maxLength={100}
          onChange={(e) => {
            setText(e.target.value);
            setActiveKey(null);
            setStarted(true);
            setOpen(true);
          }}
          onPointerEnter={preloadSuggestions}
          onFocus={() => {
            clearTimeout(hideTimer.current);
            setStarted(true);
            setOpen(true);
          }}
          onBlur={() => {
            hideTimer.current = setTimeout(() => setOpen(false), HIDE_AFTER_BLUR_MS);
          }}
          onKeyDown={onKeyDown}
        />
        {text && (
          <button
            type="button"
            className="icon-btn h-8 w-8"
            aria-label="Clear search"
            data-tooltip="Clear search"
            onClick={() => {
              setText("");
              inputRef.current?.focus();
            }}
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-4 w-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
            >
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        )}
      </div>
      {started && (
        <ChunkBoundary fallback={null} onError={() => setPartFailed(true)}>
          <Suspense fallback={null}>
            <CitySuggestions query={query} limit={SUGGESTION_LIMIT} onChange={setFound} />
          </Suspense>
        </ChunkBoundary>
      )}
      <p className="sr-only" role="status" aria-live="polite">
        {status}
      </p>
      <ul
        id={LISTBOX_ID}
        role="listbox"
        aria-label="City suggestions"
        hidden={!showList}
        className="absolute left-0 right-0 z-30 mt-2 max-h-96 overflow-auto rounded-2xl bg-surface py-2 shadow-lg ring-1 ring-line"
      >
        {showList && suggestions.length === 0 && (
          <li role="presentation" className="px-4 py-3 text-sm text-ink-soft">
            {isError ? (
              <span>
                City search failed.{" "}
                <button
                  type="button"
                  className="text-primary underline"
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => refetch()}
                >
                  Try again
                </button>
              </span>
            ) : pending ? (
              "Searching cities…"
            ) : (
              `No US city matches “${text.trim()}”.`
            )}
          </li>
        )}
        {showList &&
          suggestions.map((s, i) => (
            <li
              key={`${s.name}|${s.stateCode}|${i}`}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              className={`flex cursor-pointer items-baseline justify-between gap-3 px-4 py-2 ${i === active ? "bg-primary text-white" : "hover:bg-black/5"}`}
              onMouseDown={(e) => e.preventDefault()}
              onMouseEnter={() => highlight(i)}
              onClick={() => choose(s)}
            >
              <span>
                <span className="font-medium">{s.name}</span>
                <span className={i === active ? "text-white/90" : "text-ink-soft"}>, {s.state}</span>
              </span>
              {(s.population ?? 0) > 0 && (
                <span className={`shrink-0 text-xs ${i === active ? "text-white/90" : "text-ink-soft"}`}>
                  {(s.population ?? 0).toLocaleString("en-US")}
                  {s.populationIsUrbanArea ? " (urban area)" : ""}
                </span>
              )}
            </li>
          ))}
      </ul>
    </div>
  );
}
