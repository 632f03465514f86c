import { mapCategory } from "./categories";
import { distanceText, type Place } from "./state";

/**
 * What the map draws of a place: a city's place (the explorer), or a trip's stop, which also carries its
 * number in the day's order (`label`), shown inside its marker and popup.
 */
export type MapPoint = Pick<Place, "id" | "title" | "categoryId" | "latitude" | "longitude" | "address"> & {
  distance?: number | null;
  label?: string;
};

/**
 * A marker is a pointer shortcut only, hidden from assistive technology and out of the tab order: on a city's
 * map they overlap, and overlapping buttons fail the 24 px target-size rule. The list beside the map is the
 * accessible way in (each card selects its place and opens the popup with "View details"). The title shows
 * the place on hover.
 */
export function markerElement(place: MapPoint, onClick: () => void): HTMLElement {
  const category = mapCategory(place.categoryId);
  const marker = document.createElement("div");
  marker.className = place.label ? "ls-marker ls-marker-stop" : "ls-marker";
  marker.dataset.placeId = String(place.id);
  marker.title = place.label ? `${place.label}. ${place.title}` : `${place.title} (${category.label})`;
  marker.setAttribute("aria-hidden", "true");
  marker.style.setProperty("--ls-marker-tint", category.color);
  const dot = document.createElement("span");
  dot.className = "ls-marker-dot";
  if (place.label) {
    marker.dataset.stopNumber = place.label;
    dot.textContent = place.label;
  }
  marker.appendChild(dot);
  marker.addEventListener("click", (event) => {
    event.stopPropagation();
    onClick();
  });
  return marker;
}

export function popupContent(place: MapPoint, onDetails: () => void): HTMLElement {
  const category = mapCategory(place.categoryId);
  const root = document.createElement("div");
  root.className = "ls-popup";
  root.dataset.placeId = String(place.id);
  const badge = document.createElement("p");
  badge.className = "ls-popup-badge";
  badge.style.setProperty("--ls-marker-tint", category.color);
  badge.style.setProperty("--ls-marker-text", category.text);
  badge.textContent = place.label ? `Stop ${place.label} · ${category.label}` : category.label;
  const title = document.createElement("p");
  title.className = "ls-popup-title";
  title.textContent = place.title;
  root.append(badge, title);
  const distance = distanceText(place.distance);
  if (distance) {
    const line = document.createElement("p");
    line.className = "ls-popup-meta";
    line.textContent = distance;
    root.append(line);
  }
  if (place.address) {
    const line = document.createElement("p");
    line.className = "ls-popup-meta";
    line.textContent = place.address;
    root.append(line);
  }
  const details = document.createElement("button");
  details.type = "button";
  details.className = "ls-popup-button";
  details.textContent = "View details";
  details.addEventListener("click", onDetails);
  root.append(details);
  return root;
}
