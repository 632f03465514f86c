import { BUTTON_SOFT } from "../components/ui";
import { locationText, type SelectedCity } from "../state";

/** The city a far place is in, and its distance in miles from the chosen city (null: unknown). */
export interface MapAway {
  city: SelectedCity;
  miles: number | null;
}

/**
 * "View on map" for a place far from the chosen city: the note saying where the place is, with a way back to
 * the chosen city and a way to make the place's city the chosen one.
 */
export function MapAwayNote(props: {
  away: MapAway;
  chosen: SelectedCity;
  /** The place's title, when the map was opened on one. */
  placeTitle?: string | null;
  onLeave: (makeItMine: boolean) => void;
}) {
  const { away, chosen } = props;
  return (
    <div
      className="card mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 p-4 text-sm"
      data-testid="map-away"
      role="region"
      aria-label="A place in another city"
    >
      <p className="min-w-0 flex-[1_1_16rem] text-ink">
        {props.placeTitle !== undefined ? <strong>{props.placeTitle}</strong> : "This place"} is in{" "}
        {locationText(away.city)}
        {away.miles !== null
          ? `, ${away.miles.toLocaleString("en-US", { maximumFractionDigits: 0 })} mi from ${locationText(chosen)}`
          : ""}
        . You are still exploring {locationText(chosen)}.
      </p>
      <span className="flex flex-wrap gap-2">
        <button type="button" onClick={() => props.onLeave(false)} className={`${BUTTON_SOFT} text-sm`}>
          Back to {locationText(chosen)}
        </button>
        <button
          type="button"
          onClick={() => props.onLeave(true)}
          className="rounded-full bg-primary px-4 py-2 text-sm font-semibold text-white hover:bg-primary-dark focus-ring"
        >
          Make {locationText(away.city)} my city
        </button>
      </span>
    </div>
  );
}
