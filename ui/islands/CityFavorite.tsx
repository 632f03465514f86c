import { useSetAtom } from "jotai";
import { useEffect, useRef, useState } from "react";
import { ApiError } from "../api";
import { cityItemId } from "../components/places";
import { HeartButton } from "../components/ui";
import { addFavorite, checkFavorite, removeFavorite, useCity } from "../requests";
import { locationText, showToastAtom, type SelectedCity } from "../state";

/** The server's message, else "HTTP {status}", else "Unknown error" (docs/product.md). */
const reason = (error: unknown) =>
  error instanceof ApiError ? error.message || `HTTP ${error.status}` : (error as Error)?.message || "Unknown error";

/**
 * The favorite toggle for the selected city, on the "Exploring" banner. Plain requests rather than the
 * query library keep it off the home page's JavaScript (decision 014): one check per city, and one try
 * per toggle (a user action).
 */
export default function CityFavorite(props: { city: SelectedCity }) {
  const city = useCity(props.city);
  const location = locationText(city);
  const itemId = cityItemId(location);
  const showToast = useSetAtom(showToastAtom);
  // Saved state per city, so that an answer about one city never lands on another after a quick change.
  const [saved, setSaved] = useState<Record<string, boolean>>({});
  const [busyFor, setBusyFor] = useState<string | null>(null);
  /** Cities toggled on this page: their check's answer (maybe older than the toggle) is ignored. */
  const toggled = useRef(new Set<string>());
  const favorited = saved[itemId] ?? false;
  const busy = busyFor === itemId;
  // Whether the city is saved: asked once per city (401, signed out, or a failure read as "not saved").
  useEffect(() => {
    let current = true;
    checkFavorite("city", itemId)
      .then((answer) => {
        if (current && !toggled.current.has(itemId)) setSaved((all) => ({ ...all, [itemId]: answer }));
      })
      .catch(() => {});
    return () => {
      current = false;
    };
  }, [itemId]);

  async function toggle() {
    if (busy) return;
    const id = itemId;
    const save = !favorited;
    toggled.current.add(id);
    setBusyFor(id);
    try {
      if (save) await addFavorite("city", id, JSON.stringify({ name: city.name, type: "city", location }));
      else await removeFavorite("city", id);
      setSaved((all) => ({ ...all, [id]: save }));
      showToast(
        save
          ? { title: "Added to Favorites", description: "City has been added to your favorites!" }
          : { title: "Removed from Favorites", description: "City has been removed from your favorites." },
      );
    } catch (error) {
      showToast({
        title: "Error",
        description: `${save ? "Failed to add to favorites" : "Failed to remove from favorites"}: ${reason(error) || "Please try again."}`,
        variant: "destructive",
      });
    } finally {
      setBusyFor((current) => (current === id ? null : current));
    }
  }

  return (
    <HeartButton
      pressed={favorited}
      busy={busy}
      label={`Save ${location} to favorites`}
      onClick={() => void toggle()}
      className="bg-white shadow"
    />
  );
}
