/**
 * What a place favorite stores (discovery.md section 3, DECISIONS 19). Apart from ./places so that the home
 * page's first load does not carry it (only the dialog and the category pages save places).
 */
import type { Place } from "./places";

/** What a place favorite stores (discovery.md section 3). */
export const placeFavoriteData = (place: Place) =>
  JSON.stringify({
    id: place.id,
    title: place.title,
    description: place.description,
    address: place.address,
    city: placeCity(place),
    categoryId: place.categoryId,
    type: "place",
  });

/** "Las Vegas, NV", shown for a saved place without an address (DECISIONS 19). */
export const placeCity = (place: Pick<Place, "city" | "stateCode">) =>
  place.city ? `${place.city}, ${place.stateCode}` : null;
