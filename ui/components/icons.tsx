/** Inline SVG icons (decorative unless labelled by their button). */

/** A line drawing in the current colour: what every line icon's <svg> carries but its size. */
export const lineIcon = {
  "aria-hidden": true,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
} as const;

export const LogoMark = ({ className = "h-8 w-8" }: { className?: string }) => (
  <svg aria-hidden="true" viewBox="0 0 32 32" className={className}>
    <circle cx="16" cy="16" r="15" fill="var(--ls-primary)" />
    <circle cx="14" cy="14" r="6" fill="none" stroke="#fff" strokeWidth="2.5" />
    <path d="m18.5 18.5 6 6" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
  </svg>
);
export const ChatIcon = ({ className = "h-5 w-5" }) => (
  <svg {...lineIcon} className={className}>
    <path d="M21 12a8 8 0 0 1-11.6 7.1L4 20l1-4.6A8 8 0 1 1 21 12Z" />
  </svg>
);
export const UserIcon = ({ className = "h-5 w-5" }) => (
  <svg {...lineIcon} className={className}>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" />
  </svg>
);
export const HomeIcon = ({ className = "h-6 w-6" }) => (
  <svg {...lineIcon} className={className}>
    <path d="M3 11 12 3l9 8" />
    <path d="M5 10v10h14V10" />
  </svg>
);
export const MapIcon = ({ className = "h-6 w-6" }) => (
  <svg {...lineIcon} className={className}>
    <path d="M9 4 3 6v14l6-2 6 2 6-2V4l-6 2-6-2Z" />
    <path d="M9 4v14M15 6v14" />
  </svg>
);
export const HeartIcon = ({ className = "h-6 w-6" }) => (
  <svg {...lineIcon} className={className}>
    <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
  </svg>
);
export const TripIcon = ({ className = "h-6 w-6" }) => (
  <svg {...lineIcon} className={className}>
    <circle cx="6" cy="18" r="2" />
    <circle cx="18" cy="6" r="2" />
    <path d="M8 18h7a3 3 0 0 0 0-6H9a3 3 0 0 1 0-6h7" />
  </svg>
);
