/** Small building blocks shared by the discovery islands: skeletons, states, badges, the heart, the card stagger. */
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { BADGE_CLASSES, staggerDelay, type CategoryColour } from "./places";
import { PreparingNote } from "./preparing";

/** Placeholder items that take exactly the space the loaded items will take (no layout shift). */
export function SkeletonList(props: {
  count: number;
  itemClassName: string;
  label: string;
  className?: string;
  children?: ReactNode;
  preparing?: boolean;
}) {
  return (
    <div className="relative">
      <p role="status" className="sr-only">
        {props.label}
      </p>
      {props.preparing !== false && <PreparingNote />}
      <ul aria-hidden="true" className={props.className ?? "flex flex-col gap-3"} data-testid="skeletons">
        {Array.from({ length: props.count }, (_, i) => (
          <li key={i} className={`${props.itemClassName} overflow-hidden`} data-skeleton="">
            {props.children ?? <SkeletonLines />}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SkeletonLines() {
  return (
    <div className="flex h-full gap-3 p-4">
      <span className="ls-skeleton h-10 w-10 shrink-0 rounded-full" />
      <span className="flex flex-1 flex-col gap-2">
        <span className="ls-skeleton h-3 w-1/3" />
        <span className="ls-skeleton h-4 w-2/3" />
        <span className="ls-skeleton h-3 w-full" />
        <span className="ls-skeleton h-3 w-5/6" />
      </span>
    </div>
  );
}

/** An error or empty state: a title, a line of text and an optional action. Errors are announced. */
export function StateMessage(props: {
  kind: "error" | "empty";
  title?: string;
  text: string;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      role={props.kind === "error" ? "alert" : undefined}
      className="card flex flex-col items-center gap-2 px-6 py-8 text-center"
      data-testid={props.testId ?? `${props.kind}-state`}
    >
      <span
        aria-hidden="true"
        className={`text-3xl ${props.kind === "error" ? "text-red-600 dark:text-red-400" : "text-primary"}`}
      >
        {props.kind === "error" ? "⚠" : "✦"}
      </span>
      {props.title && <h2 className="text-lg font-semibold">{props.title}</h2>}
      <p className="text-ink-soft">{props.text}</p>
      {props.action && <div className="mt-2">{props.action}</div>}
    </div>
  );
}

export const BUTTON =
  "inline-flex items-center justify-center gap-2 rounded-full bg-primary px-5 py-2 font-medium text-white hover:bg-primary-dark focus-ring disabled:opacity-60";
export const BUTTON_SOFT =
  "inline-flex items-center justify-center gap-2 rounded-full px-4 py-2 font-medium text-ink ring-1 ring-line hover:bg-black/5 dark:hover:bg-white/10 focus-ring disabled:cursor-not-allowed disabled:opacity-50";

export function Badge(props: { colour: CategoryColour; children: ReactNode; className?: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${BADGE_CLASSES[props.colour]} ${props.className ?? ""}`}
    >
      {props.children}
    </span>
  );
}

/** The favorite heart: a toggle button, filled red when saved. */
export function HeartButton(props: {
  pressed: boolean;
  label: string;
  onClick: () => void;
  busy?: boolean;
  className?: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={props.pressed}
      aria-label={props.label}
      data-tooltip={props.pressed ? "Remove from favorites" : "Save to favorites"}
      aria-busy={props.busy || undefined}
      disabled={props.busy}
      onClick={(e) => {
        e.stopPropagation();
        props.onClick();
      }}
      className={`inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full focus-ring disabled:opacity-60 ${props.pressed ? "text-red-600 dark:text-red-400" : "text-ink-soft hover:text-red-600"} ${props.className ?? "hover:bg-black/5 dark:hover:bg-white/10"}`}
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-6 w-6"
        fill={props.pressed ? "currentColor" : "none"}
        stroke="currentColor"
        strokeWidth="2"
      >
        <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
      </svg>
    </button>
  );
}

/** Cards rise in one after another, 0.3 s apart. */
export const staggerStyle = (index: number) => ({ animationDelay: staggerDelay(index) });

type ListQuery<T> = Pick<UseQueryResult<T[]>, "data" | "isPending" | "isError" | "refetch" | "isFetching">;

/** What an error or empty state says; an error without an action gets "Try Again" (refetch). */
export interface StateText {
  title?: string;
  text: string;
  action?: ReactNode;
}

/** "Try Again": refetches the query, disabled while it is fetching. */
export function RetryButton(props: { query: Pick<UseQueryResult, "refetch" | "isFetching"> }) {
  return (
    <button
      type="button"
      className={BUTTON_SOFT}
      disabled={props.query.isFetching}
      onClick={() => void props.query.refetch()}
    >
      Try Again
    </button>
  );
}

/** A state's action that leads back to Home. */
export function HomeLink(props: { text: string }) {
  return (
    <a href="/" className={BUTTON}>
      {props.text}
    </a>
  );
}

/**
 * A list query's states: `loading` while pending (or while `waiting`), the error state, the empty state
 * (without `empty`, an empty list is rendered like any other), else `children(data)`.
 */
export function QueryStates<T>(props: {
  query: ListQuery<T>;
  loading: ReactNode;
  waiting?: boolean;
  error: StateText;
  empty?: StateText;
  children: (data: T[]) => ReactNode;
}) {
  const { query } = props;
  if (props.waiting || query.isPending) return props.loading;
  if (query.isError)
    return <StateMessage kind="error" {...props.error} action={props.error.action ?? <RetryButton query={query} />} />;
  const data = query.data as T[];
  if (props.empty && data.length === 0) return <StateMessage kind="empty" {...props.empty} />;
  return props.children(data);
}

/** A Home list section: its heading, a "View More …" link to the full list, and the list. */
export function HomeSection(props: { id: string; title: string; href: string; linkText: string; children: ReactNode }) {
  return (
    <section aria-labelledby={props.id} className="mt-8">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-x-3 whitespace-nowrap">
        <h2 id={props.id} className="text-lg font-bold">
          {props.title}
        </h2>
        <a href={props.href} className="text-sm font-medium text-primary underline-offset-2 hover:underline focus-ring">
          {props.linkText}
        </a>
      </div>
      {props.children}
    </section>
  );
}
