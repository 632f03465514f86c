import { countryName } from "./format";

/** A visitor's small marks on the traffic screen: the country (code and name) and the device icon. */

export function Country(props: { code: string }) {
  const known = /^[A-Z]{2}$/.test(props.code);
  return (
    <span className="inline-flex items-center gap-1.5">
      {known && (
        // The name follows in words: a screen reader reads it once, not "US United States".
        <span aria-hidden="true" className="rounded px-1 font-mono text-xs font-semibold ring-1 ring-line">
          {props.code}
        </span>
      )}
      <span>{known ? countryName(props.code) : "Unknown"}</span>
    </span>
  );
}

export function DeviceIcon(props: { device: "mobile" | "desktop" }) {
  return (
    <svg
      role="img"
      aria-label={props.device === "mobile" ? "Mobile" : "Desktop"}
      viewBox="0 0 24 24"
      className="h-5 w-5 shrink-0 text-ink-soft"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      {props.device === "mobile" ? (
        <>
          <rect x="7" y="2" width="10" height="20" rx="2" />
          <path d="M11 18h2" />
        </>
      ) : (
        <>
          <rect x="2" y="4" width="20" height="13" rx="2" />
          <path d="M8 21h8M12 17v4" />
        </>
      )}
    </svg>
  );
}
