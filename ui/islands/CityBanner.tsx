import { useSetAtom } from "jotai";
import { useEffect } from "react";
import { apiRequest } from "../api";
import { useCity } from "../requests";
import {
  formatPopulation,
  locationText,
  persistCity,
  selectedCityAtom,
  STORAGE_KEYS,
  storedLocation,
  type SelectedCity,
} from "../state";

/** "Exploring {city}" with its caption. Follows the choice made in the picker, in this tab or another. */
export default function CityBanner(props: { city: SelectedCity; fromCookie: boolean }) {
  // Hydrated as the server rendered it: a city another island chose meanwhile shows right after.
  const shown = useCity(props.city);
  const setCity = useSetAtom(selectedCityAtom);

  useEffect(() => {
    // A choice stored before the cookie existed (or by another tab): adopt it and mirror it in the cookie.
    async function adopt(location: { city: string; stateCode: string } | null) {
      if (!location) return;
      if (location.city === shown.name && location.stateCode === shown.stateCode) return;
      try {
        const [match] = await apiRequest<SelectedCity[]>(
          "GET",
          `/api/cities/search?q=${encodeURIComponent(`${location.city}, ${location.stateCode}`)}&limit=1`,
        );
        if (match && match.name === location.city && match.stateCode === location.stateCode) {
          setCity(match);
          persistCity(match);
        }
      } catch {
        // Keep the city the server rendered.
      }
    }
    if (!props.fromCookie) void adopt(storedLocation());
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEYS.location) void adopt(storedLocation());
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const population = formatPopulation(shown);
  return (
    <section aria-labelledby="exploring-heading" className="ls-gradient rounded-2xl p-5 pr-16 text-white shadow-md">
      <p className="text-sm text-white/85">Current exploration location</p>
      <h1 id="exploring-heading" className="mt-1 text-2xl font-bold" data-testid="exploring-city">
        Exploring {locationText(shown)}
      </h1>
      <p className="mt-1 text-sm text-white/85">
        {shown.state}
        {population ? ` · ${population}` : ""}
      </p>
    </section>
  );
}
