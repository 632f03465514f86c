import { useEffect, useRef } from "react";
import { mapCategory } from "./categories";
import { directionsUrl, distanceText, placePosition, type MapPlace } from "./state";

/**
 * The marker's detail dialog: title, category, distance, description, address, "Get Directions" (maps
 * directions to the place's latitude,longitude in a new tab) and "Close". A native modal <dialog>: the
 * rest of the page is inert while it is open, Escape closes it, focus returns to the marker.
 */
export function PlaceDialog(props: { place: MapPlace | null; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { place } = props;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (place && !dialog.open) dialog.showModal();
    if (!place && dialog.open) dialog.close();
  }, [place]);

  const position = place ? placePosition(place) : null;
  const category = mapCategory(place?.categoryId);
  const distance = place ? distanceText(place.distance) : null;

  return (
    <dialog
      ref={ref}
      aria-labelledby="map-place-title"
      onClose={props.onClose}
      onClick={(event) => {
        // A click on the backdrop (outside the panel) closes.
        if (event.target === ref.current) ref.current?.close();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-surface p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      {place && (
        <div className="p-5">
          <span className="inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold text-white" style={{ background: category.color }}>
            {category.label}
          </span>
          <h2 id="map-place-title" className="mt-2 text-xl font-bold leading-tight">
            {place.title}
          </h2>
          {distance && <p className="mt-1 text-sm text-ink-soft">{distance}</p>}
          {place.description && <p className="mt-3 text-sm leading-relaxed">{place.description}</p>}
          {place.address && (
            <p className="mt-3 text-sm">
              <span className="font-semibold">Address: </span>
              {place.address}
            </p>
          )}
          {place.source && (
            <p className="mt-3 text-xs text-ink-soft">
              Source: {place.source}
              {place.licence ? ` (${place.licence})` : ""}
            </p>
          )}
          <div className="mt-5 flex flex-wrap gap-2">
            {position && (
              <a
                href={directionsUrl(position)}
                target="_blank"
                rel="noopener noreferrer"
                className="inline-flex flex-1 items-center justify-center rounded-xl bg-primary px-4 py-2.5 text-sm font-semibold text-white hover:bg-primary-dark focus-ring"
              >
                Get Directions
              </a>
            )}
            <button
              type="button"
              onClick={() => ref.current?.close()}
              className="inline-flex flex-1 items-center justify-center rounded-xl px-4 py-2.5 text-sm font-semibold text-ink ring-1 ring-line hover:bg-black/5 focus-ring"
            >
              Close
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
