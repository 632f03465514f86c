import { presetWind3 } from "@unocss/preset-wind3";
import type { UserConfig } from "@unocss/core";

/**
 * UnoCSS: the stylesheet is generated at build time from the classes used in ui/ (scripts/build.ts).
 * Colours go through CSS variables (ui/themes.ts) so one of 16 themes can be switched without a rebuild.
 */
export default {
  presets: [presetWind3({ dark: "media" })],
  theme: {
    colors: {
      primary: { DEFAULT: "var(--ls-primary)", dark: "var(--ls-primary-dark)" },
      surface: "var(--ls-surface)",
      ink: { DEFAULT: "var(--ls-ink)", soft: "var(--ls-ink-soft)" },
      line: "var(--ls-line)",
    },
  },
  shortcuts: {
    "focus-ring": "outline-none focus-visible:ring-2 focus-visible:ring-primary focus-visible:ring-offset-2",
    "icon-btn":
      "inline-flex h-10 w-10 items-center justify-center rounded-full text-ink-soft hover:bg-black/5 hover:text-primary focus-ring",
    card: "rounded-2xl bg-surface shadow-sm ring-1 ring-line",
    "sr-only-focusable": "sr-only focus:not-sr-only",
  },
} satisfies UserConfig;
