/** The 16 themes of the product rules (docs/product.md): name, label, primary colour (and its darker shade) and gradient. */
export interface Theme {
  name: string;
  label: string;
  primary: string;
  primaryDark: string;
  gradient: [string, string];
}

export const THEMES: Theme[] = [
  {
    name: "default",
    label: "Ocean Blue",
    primary: "#2563eb",
    primaryDark: "#1d4ed8",
    gradient: ["#2563eb", "#0ea5e9"],
  },
  { name: "purple", label: "Purple", primary: "#9333ea", primaryDark: "#7e22ce", gradient: ["#9333ea", "#c026d3"] },
  { name: "green", label: "Green", primary: "#15803d", primaryDark: "#166534", gradient: ["#16a34a", "#0d9488"] },
  { name: "orange", label: "Orange", primary: "#c2410c", primaryDark: "#9a3412", gradient: ["#ea580c", "#f59e0b"] },
  { name: "red", label: "Red", primary: "#dc2626", primaryDark: "#b91c1c", gradient: ["#dc2626", "#f43f5e"] },
  { name: "pink", label: "Pink", primary: "#db2777", primaryDark: "#be185d", gradient: ["#db2777", "#f472b6"] },
  { name: "yellow", label: "Yellow", primary: "#a16207", primaryDark: "#854d0e", gradient: ["#ca8a04", "#f59e0b"] },
  { name: "teal", label: "Teal", primary: "#0f766e", primaryDark: "#115e59", gradient: ["#0d9488", "#06b6d4"] },
  { name: "indigo", label: "Indigo", primary: "#4f46e5", primaryDark: "#4338ca", gradient: ["#4f46e5", "#7c3aed"] },
  { name: "cyan", label: "Cyan", primary: "#0e7490", primaryDark: "#155e75", gradient: ["#0891b2", "#22d3ee"] },
  { name: "lime", label: "Lime", primary: "#4d7c0f", primaryDark: "#3f6212", gradient: ["#65a30d", "#a3e635"] },
  { name: "emerald", label: "Emerald", primary: "#047857", primaryDark: "#065f46", gradient: ["#059669", "#34d399"] },
  { name: "amber", label: "Amber", primary: "#b45309", primaryDark: "#92400e", gradient: ["#d97706", "#fbbf24"] },
  { name: "rose", label: "Rose", primary: "#e11d48", primaryDark: "#be123c", gradient: ["#e11d48", "#fb7185"] },
  { name: "violet", label: "Violet", primary: "#7c3aed", primaryDark: "#6d28d9", gradient: ["#7c3aed", "#a78bfa"] },
  { name: "slate", label: "Slate", primary: "#475569", primaryDark: "#334155", gradient: ["#475569", "#64748b"] },
];

export const DEFAULT_THEME = "green";
export const THEME_NAMES = new Set(THEMES.map((t) => t.name));

/** CSS custom properties for every theme: `[data-theme="x"] { --ls-primary: … }`. */
export function themeCss(): string {
  return THEMES.map(
    (t) =>
      `[data-theme="${t.name}"]{--ls-primary:${t.primary};--ls-primary-dark:${t.primaryDark};` +
      `--ls-gradient-from:${t.gradient[0]};--ls-gradient-to:${t.gradient[1]}}`,
  ).join("\n");
}
