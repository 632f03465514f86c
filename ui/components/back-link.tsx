/**
 * Back links: the chevron with visible text ('Back to App', 'Back to Profile'; docs/decisions/026-traveller-polish.md)
 * and the chevron alone, named for screen readers.
 * Apart from ./ui so the home page's first load does not carry them.
 */

function BackChevron(props: { className: string; roundJoin?: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={props.className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin={props.roundJoin ? "round" : undefined}
    >
      <path d="M15 18l-6-6 6-6" />
    </svg>
  );
}

export function TextBackLink(props: { href: string; label: string }) {
  return (
    <a
      href={props.href}
      className="-ml-2 inline-flex min-h-11 items-center gap-1 whitespace-nowrap rounded-full px-2 py-1 font-medium text-primary hover:underline focus-ring"
    >
      <BackChevron className="h-5 w-5" />
      {props.label}
    </a>
  );
}

/**
 * The chevron alone (home, 'Back to home', unless told otherwise). Its label is also its tooltip unless `tooltip`
 * is false; in a screen's header bar (`header`: the chat's, the map's) the chevron is smaller, with a rounded tip.
 */
export function BackLink(props: {
  href?: string;
  label?: string;
  className?: string;
  tooltip?: boolean;
  header?: boolean;
  testId?: string;
}) {
  const label = props.label ?? "Back to home";
  return (
    <a
      href={props.href ?? "/"}
      className={props.className ?? "icon-btn -ml-2"}
      aria-label={label}
      data-tooltip={props.tooltip === false ? undefined : label}
      data-testid={props.testId}
    >
      <BackChevron className={props.header ? "h-5 w-5" : "h-6 w-6"} roundJoin={props.header} />
    </a>
  );
}
