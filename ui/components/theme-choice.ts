/**
 * The theme choice (docs/product.md: default green, stored locally), also in the
 * `localscope-theme` cookie the server reads, so the first paint already has it.
 */
import { DEFAULT_THEME, THEME_NAMES, THEMES } from "../themes";

export const THEME_KEY = "localscope-theme";
export const THEME_COOKIE = "localscope-theme";

export const secureFlag = () => (location.protocol === "https:" ? "; Secure" : "");
export const setCookie = (name: string, value: string) => {
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; Max-Age=31536000; SameSite=Lax${secureFlag()}`;
};
export const clearCookie = (name: string) => {
  document.cookie = `${name}=; Path=/; Max-Age=0; SameSite=Lax${secureFlag()}`;
};

export const currentTheme = () => {
  const name = document.documentElement.dataset.theme;
  return name && THEME_NAMES.has(name) ? name : DEFAULT_THEME;
};

/** Switch the theme at once on this page (every colour is a theme token) and remember it. */
export function applyTheme(name: string) {
  if (!THEME_NAMES.has(name)) return;
  document.documentElement.dataset.theme = name;
  const meta = document.querySelector('meta[name="theme-color"]');
  const theme = THEMES.find((t) => t.name === name);
  if (meta && theme) meta.setAttribute("content", theme.primary);
  try {
    localStorage.setItem(THEME_KEY, name);
  } catch {
    // Storage unavailable: the cookie still carries it.
  }
  setCookie(THEME_COOKIE, name);
}

/**
 * At start: a theme stored on the device but missing from the cookie (the cookie expired or was cleared)
 * is applied and written back; a cookie without a stored copy is stored. Other tabs' choices are followed.
 */
export function syncStoredTheme() {
  try {
    const stored = localStorage.getItem(THEME_KEY);
    const shown = document.documentElement.dataset.theme ?? DEFAULT_THEME;
    if (
      stored &&
      THEME_NAMES.has(stored) &&
      stored !== shown &&
      !document.cookie.split(/;\s*/).some((c) => c.startsWith(`${THEME_COOKIE}=`))
    ) {
      applyTheme(stored);
    } else if (!stored && THEME_NAMES.has(shown) && shown !== DEFAULT_THEME) {
      localStorage.setItem(THEME_KEY, shown);
    }
  } catch {
    // Storage unavailable.
  }
  // A theme picked in another tab applies here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === THEME_KEY && event.newValue && THEME_NAMES.has(event.newValue))
      document.documentElement.dataset.theme = event.newValue;
  };
  window.addEventListener("storage", onStorage);
  return () => window.removeEventListener("storage", onStorage);
}
