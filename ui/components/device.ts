/**
 * What the account screens keep on the device: the theme (local storage + the `localscope-theme` cookie the
 * server reads, so the first paint already has it), the local profile (`userProfile`), and the sign-out
 * clean-up. Browser only.
 */
import { LOCATION_COOKIE } from "../state";
import { parseStoredProfile, PROFILE_KEY, type Profile } from "./account";
import { clearCookie, THEME_COOKIE } from "./theme-choice";
import { LANDING_PATH } from "./viewer";

export { applyTheme, currentTheme, syncStoredTheme, THEME_COOKIE, THEME_KEY } from "./theme-choice";

export function readProfile(): Partial<Profile> | null {
  try {
    return parseStoredProfile(localStorage.getItem(PROFILE_KEY));
  } catch {
    return null;
  }
}

export function saveProfile(profile: Profile): boolean {
  try {
    localStorage.setItem(PROFILE_KEY, JSON.stringify(profile));
    return true;
  } catch {
    return false;
  }
}

/**
 * Sign-out clean-up (docs/product.md): all local and session storage, and the two cookies
 * that only mirror local storage (theme, selected city), so the next person on this device starts fresh.
 */
export function clearDevice() {
  try {
    localStorage.clear();
  } catch {
    // Nothing to clear.
  }
  try {
    sessionStorage.clear();
  } catch {
    // Nothing to clear.
  }
  clearCookie(THEME_COOKIE);
  clearCookie(LOCATION_COOKIE);
}

/**
 * After signing in: load the app at the same address (the landing page's own address goes home). A navigation to
 * the address, not a reload: Chromium's reload of a page that has just signed in sometimes stayed pending for
 * seconds in the browser tests, with the server's answer long sent.
 */
export function enterApp() {
  location.replace(location.pathname === LANDING_PATH ? "/" : location.pathname + location.search);
}
