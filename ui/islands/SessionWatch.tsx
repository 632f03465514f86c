import { useEffect, useState } from "react";
import { LoadingScreen } from "../components/Loading";
import { ApiError, apiRequest } from "../api";

/**
 * The server decides what a page shows from the session, so the client rarely has to ask. Two cases where it
 * must: the page came back from the back-forward cache, or another tab signed out (sign-out clears local
 * storage, which other tabs hear as a storage event). Then it asks GET /api/auth/me, shows 'Loading...'
 * while it does not know, and reloads to the landing page when the session is gone.
 * It also keeps the theme in step with the device (a stored theme whose cookie is gone, other tabs' choices).
 */
export default function SessionWatch() {
  const [checking, setChecking] = useState(false);

  useEffect(() => {
    // Not needed for the first paint (the server rendered the cookie's theme): loaded after hydration.
    let stop: (() => void) | undefined;
    let active = true;
    void import("../components/theme-choice").then((m) => {
      if (active) stop = m.syncStoredTheme();
    });
    return () => {
      active = false;
      stop?.();
    };
  }, []);

  useEffect(() => {
    let active = true;
    async function check() {
      setChecking(true);
      try {
        await apiRequest("GET", "/api/auth/me", undefined, { cache: "no-store" });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          location.reload();
          return;
        }
        // Offline or another error: keep the page as it is.
      }
      if (active) setChecking(false);
    }
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) void check();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === null) void check();
    };
    window.addEventListener("pageshow", onPageShow);
    window.addEventListener("storage", onStorage);
    return () => {
      active = false;
      window.removeEventListener("pageshow", onPageShow);
      window.removeEventListener("storage", onStorage);
    };
  }, []);

  return checking ? <LoadingScreen overlay /> : null;
}
