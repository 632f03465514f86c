/**
 * Whether the page is in dark mode. The app's stylesheet says so through `color-scheme` on the root (or a
 * `dark` class / `data-mode="dark"`); "light dark" defers to the system setting.
 */
export function pageIsDark(): boolean {
  const root = document.documentElement;
  if (root.classList.contains("dark") || root.dataset.mode === "dark" || root.dataset.colorScheme === "dark")
    return true;
  if (root.classList.contains("light") || root.dataset.mode === "light" || root.dataset.colorScheme === "light")
    return false;
  const scheme = getComputedStyle(root).colorScheme || "";
  const hasDark = /\bdark\b/.test(scheme);
  const hasLight = /\blight\b/.test(scheme);
  if (hasDark && !hasLight) return true;
  if (hasDark && hasLight) return matchMedia("(prefers-color-scheme: dark)").matches;
  return false;
}

/** Calls `onChange` whenever dark mode may have changed (root attributes or the system setting). */
export function watchDarkMode(onChange: (dark: boolean) => void): () => void {
  let last = pageIsDark();
  const check = () => {
    const now = pageIsDark();
    if (now !== last) onChange((last = now));
  };
  const observer = new MutationObserver(check);
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ["class", "style", "data-mode", "data-color-scheme", "data-theme"],
  });
  const media = matchMedia("(prefers-color-scheme: dark)");
  media.addEventListener("change", check);
  return () => {
    observer.disconnect();
    media.removeEventListener("change", check);
  };
}
