/**
 * What a place favorite stores (docs/product.md#favorites). Apart from ./places so that the home
 * page's first load does not carry it (only the dialog and the category pages save places).
 */
import type { Place } from "./places";

/** What a place favorite stores (docs/product.md). */
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

/** "Las Vegas, NV", shown for a saved place without an address (docs/product.md#favorites). */
export const placeCity = (place: Pick<Place, "city" | "stateCode">) =>
  place.city ? `${place.city}, ${place.stateCode}` : null;
