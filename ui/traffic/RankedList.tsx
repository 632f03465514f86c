import type { ReactNode } from "react";
import { number } from "./format";

/** A ranked list of the Top Pages and Geography tabs: rank, label, a bar against the first, and the visits. */
export function RankedList(props: { items: Array<{ key: string; label: ReactNode; visits: number }>; empty: string }) {
  if (props.items.length === 0) return <p className="py-4 text-sm text-ink-soft">{props.empty}</p>;
  const max = props.items[0]!.visits || 1;
  return (
    <ol className="mt-2 flex flex-col gap-2">
      {props.items.map((item, i) => (
        <li
          key={item.key}
          className="grid grid-cols-[2rem_1fr_auto] items-center gap-2 text-sm"
          data-testid="ranked-item"
        >
          <span className="text-ink-soft">#{i + 1}</span>
          <span className="flex min-w-0 flex-col gap-1">
            {item.label}
            <span className="h-1.5 overflow-hidden rounded-full bg-black/5 dark:bg-white/10" aria-hidden="true">
              <span
                className="block h-full rounded-full bg-primary"
                style={{ width: `${Math.min(100, (item.visits / max) * 100)}%` }}
              />
            </span>
          </span>
          <span>
            {number(item.visits)} <span className="sr-only">visits</span>
          </span>
        </li>
      ))}
    </ol>
  );
}
