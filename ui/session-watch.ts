import { ApiError, apiRequest } from "./api";
import { syncStoredTheme } from "./components/theme-choice";

/**
 * The server decides what a page shows from the session, so the client rarely has to ask. Two cases where it
 * must: the page came back from the back-forward cache, or another tab signed out (sign-out clears local
 * storage, which other tabs hear as a storage event). Then it asks GET /api/auth/me, shows the page's
 * 'Loading...' overlay (`overlay`, server-rendered hidden by ui/components/Shell.tsx) while it does not know,
 * and reloads to the landing page when the session is gone. It also keeps the theme in step with the device
 * (a stored theme whose cookie is gone, other tabs' choices). Plain DOM code, loaded by ui/client.tsx when the
 * browser is idle: no React for it.
 */
export function watchSession(overlay: HTMLElement) {
  syncStoredTheme();
  async function check() {
    overlay.hidden = false;
    try {
      await apiRequest("GET", "/api/auth/me", undefined, { cache: "no-store" });
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) {
        location.reload();
        return;
      }
      // Offline or another error: keep the page as it is.
    }
    overlay.hidden = true;
  }
  window.addEventListener("pageshow", (event) => {
    if (event.persisted) void check();
  });
  window.addEventListener("storage", (event) => {
    if (event.key === null) void check();
  });
  overlay.dataset.watching = "true"; // for tests and debugging: the watch is live
}
