/**
 * A back link that says where it goes: a chevron and visible text ('Back to App', 'Back to Profile'; docs/decisions/026-traveller-polish.md).
 * Apart from ./ui so the home page's first load does not carry it.
 */
export function TextBackLink(props: { href: string; label: string }) {
  return (
    <a
      href={props.href}
      className="-ml-2 inline-flex min-h-11 items-center gap-1 whitespace-nowrap rounded-full px-2 py-1 font-medium text-primary hover:underline focus-ring"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="h-5 w-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
      >
        <path d="M15 18l-6-6 6-6" />
      </svg>
      {props.label}
    </a>
  );
}
