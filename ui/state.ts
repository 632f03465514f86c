import { atom } from "jotai";
// One "City, ST" parser for browser and server: the module file is pure and bundles small.
import { parseLocation } from "../src/domain/location";

/** The selected city, shared by every island. Serialisable (it travels in island props). */
export interface SelectedCity {
  name: string;
  state: string;
  stateCode: string;
  displayName: string;
  population?: number;
  populationIsUrbanArea?: boolean;
  latitude?: number;
  longitude?: number;
}

export const selectedCityAtom = atom<SelectedCity | null>(null);

export interface Toast {
  id: number;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
}
/** At most one toast is visible: a new one replaces the old. */
export const toastAtom = atom<Toast | null>(null);
let toastId = 0;
export const showToastAtom = atom(null, (_get, set, toast: Omit<Toast, "id">) =>
  set(toastAtom, { ...toast, id: ++toastId }),
);

/** Local keys from the product rules (docs/product.md), and the cookie that lets the server render the chosen city. */
export const STORAGE_KEYS = {
  selectedCity: "selectedCity",
  location: "localscope-location",
  currentLocation: "current-location",
} as const;
export const LOCATION_COOKIE = "localscope-location";

export const locationText = (city: Pick<SelectedCity, "name" | "stateCode">) => `${city.name}, ${city.stateCode}`;

/** Persist the choice under the product's local keys and in a cookie (one year) for server rendering. */
export function persistCity(city: SelectedCity) {
  const text = locationText(city);
  try {
    localStorage.setItem(
      STORAGE_KEYS.selectedCity,
      JSON.stringify({ name: city.name, state: city.state, stateCode: city.stateCode, displayName: city.displayName }),
    );
    localStorage.setItem(STORAGE_KEYS.location, text);
    localStorage.setItem(STORAGE_KEYS.currentLocation, JSON.stringify({ city: city.name, state: city.stateCode }));
  } catch {
    // Private mode or storage full: the cookie still carries the choice.
  }
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${LOCATION_COOKIE}=${encodeURIComponent(text)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

/** What the browser has stored, corrected; null when nothing valid is stored. */
export function storedLocation(): { city: string; stateCode: string } | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEYS.location);
    const parsed = parseLocation(raw);
    if (parsed && raw !== `${parsed.city}, ${parsed.stateCode}`) {
      localStorage.setItem(STORAGE_KEYS.location, `${parsed.city}, ${parsed.stateCode}`);
    }
    return parsed;
  } catch {
    return null;
  }
}

export function formatPopulation(city: Pick<SelectedCity, "population" | "populationIsUrbanArea">): string | null {
  if (!city.population) return null;
  const n = city.population.toLocaleString("en-US");
  return city.populationIsUrbanArea ? `${n} urban-area population` : `${n} population`;
}
