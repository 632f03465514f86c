import { useRef, type KeyboardEvent, type ReactNode } from "react";

/**
 * A row of tabs (WAI-ARIA tabs pattern): the selected tab is the only one in the tab order; arrow keys, Home
 * and End move the selection and the focus. The panel is the caller's, with id `panelId` and
 * aria-labelledby `${idPrefix}-${selected}`. Favorites, the admin panel and the traffic screen share it.
 */
export function TabList<K extends string>(props: {
  label: string;
  idPrefix: string;
  panelId: string;
  tabs: ReadonlyArray<{ key: K; label: ReactNode }>;
  selected: K;
  onSelect: (key: K) => void;
}) {
  const buttons = useRef<Partial<Record<K, HTMLButtonElement | null>>>({});
  const { tabs, selected, onSelect } = props;
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const index = tabs.findIndex((t) => t.key === selected);
    const next =
      event.key === "ArrowRight"
        ? (index + 1) % tabs.length
        : event.key === "ArrowLeft"
          ? (index - 1 + tabs.length) % tabs.length
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? tabs.length - 1
              : -1;
    if (next < 0) return;
    event.preventDefault();
    const key = tabs[next]!.key;
    onSelect(key);
    buttons.current[key]?.focus();
  };
  return (
    <div role="tablist" aria-label={props.label} className="flex flex-wrap gap-2">
      {tabs.map((t) => {
        const isSelected = t.key === selected;
        return (
          <button
            key={t.key}
            ref={(el) => {
              buttons.current[t.key] = el;
            }}
            type="button"
            role="tab"
            id={`${props.idPrefix}-${t.key}`}
            aria-selected={isSelected}
            aria-controls={props.panelId}
            tabIndex={isSelected ? 0 : -1}
            onClick={() => onSelect(t.key)}
            onKeyDown={onKey}
            className={`rounded-full px-3.5 py-2 text-sm font-semibold focus-ring ${isSelected ? "bg-primary text-white" : "bg-surface text-ink ring-1 ring-line hover:bg-black/5 dark:hover:bg-white/10"}`}
          >
            {t.label}
          </button>
        );
      })}
    </div>
  );
}
