import { lazy, Suspense, type ReactNode } from "react";
import { useQuery } from "@tanstack/react-query";
import type { DailySeries } from "../../../modules/admin";
import { apiRequest } from "../../api";

/**
 * What the admin panel's tabs share: number and date formats, cards, sections, the lazily loaded chart (uPlot
 * is its own chunk, loaded only by the admin panel) and the query options (refetched when the window regains focus).
 */
export const Chart = lazy(() => import("../admin-charts").then((m) => ({ default: m.Chart })));

export const ON_FOCUS = { refetchOnWindowFocus: "always" as const, staleTime: 0, retry: false as const };
import { grouped as fmt } from "../../../src/domain/numbers";

export { fmt };
export const plural = (n: number, one: string, many: string) => `${fmt(n)} ${n === 1 ? one : many}`;
export const date = (iso: string) => new Date(iso).toLocaleDateString("en-US");
export const dateTime = (iso: string) => new Date(iso).toLocaleString("en-US");
const capped = (percentage: number) => `${Math.max(0, Math.min(100, percentage))}%`;

export function Bar(props: { percentage: number; label: string }) {
  return (
    <div className="h-2 w-full overflow-hidden rounded-full bg-black/10 dark:bg-white/10" role="presentation">
      <div
        className="h-full rounded-full bg-primary"
        style={{ width: capped(props.percentage) }}
        data-testid="progress"
        aria-hidden="true"
      />
    </div>
  );
}

/** One figure of a stat card: its label, the value as shown and the card's test id. */
export interface Stat {
  label: string;
  value: string;
  testId: string;
}

function Card(props: Stat) {
  return (
    <div className="card flex flex-col gap-1 p-4" data-testid={props.testId}>
      <span className="text-sm text-ink-soft">{props.label}</span>
      <span className="text-2xl font-bold">{props.value}</span>
    </div>
  );
}

/** The panel's summary grid: two cards a row on a phone, three on a wider screen (its loading skeleton too). */
export const SUMMARY_GRID = "grid grid-cols-2 gap-3 md:grid-cols-3";

/** Stat cards in a grid (`className` sets its columns); anything in `children` follows the cards in it. */
export function CardGrid(props: { stats: Stat[]; className: string; testId?: string; children?: ReactNode }) {
  return (
    <div className={props.className} data-testid={props.testId}>
      {props.stats.map((stat) => (
        <Card key={stat.testId} {...stat} />
      ))}
      {props.children}
    </div>
  );
}

export function Section(props: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="card flex flex-col gap-3 p-4" data-testid={props.testId}>
      <h2 className="font-semibold">{props.title}</h2>
      {props.children}
    </section>
  );
}

export const Empty = (props: { text: string }) => <p className="text-sm text-ink-soft">{props.text}</p>;

export function ChartBox(props: {
  label: string;
  labels: string[];
  values: number[];
  kind: "line" | "bars";
  testId: string;
  title: string;
}) {
  return (
    <Section title={props.title}>
      <Suspense fallback={<div className="ls-skeleton h-[160px] w-full" aria-hidden="true" />}>
        <Chart
          label={props.label}
          labels={props.labels}
          values={props.values}
          kind={props.kind}
          testId={props.testId}
        />
      </Suspense>
    </Section>
  );
}

/** The daily series (new users and activities per day, 30 days) that the growth and activity tabs chart. */
export function useDaily() {
  return useQuery({
    queryKey: ["admin", "daily"],
    queryFn: ({ signal }) => apiRequest<DailySeries>("GET", "/api/admin/daily", undefined, signal),
    ...ON_FOCUS,
  });
}
