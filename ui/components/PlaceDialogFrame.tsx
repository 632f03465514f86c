/**
 * The one place detail dialog (docs/product.md): picture, category badge, title, distance and
 * address, "About", opening hours, contact and source. The lists' dialog (./PlaceDialog.tsx: heart, Get
 * Directions by address, Share, More Info) and the map's (ui/islands/MapExplorer.tsx: Get Directions to
 * the coordinates, Close) differ only in the buttons they pass.
 */
import type { ReactNode } from "react";
import { PlaceFacts, PlaceHero, PlaceNotes } from "./PlaceParts";
import { CloseButton, Modal } from "./Modal";
import { badgeLabel, categoryColour, miles, type Place } from "./places";
import { Badge } from "./ui";

export function PlaceDialogFrame(props: {
  place: Place;
  onClose: () => void;
  /** Beside the title (the favorite heart). */
  heart?: ReactNode;
  /** The buttons under the details. */
  actions: ReactNode;
  /** The close icon on the picture; off when the actions hold a "Close" button of their own. */
  closeIcon?: boolean;
  /** Under the details, above the buttons (e.g. a failure to refresh them). */
  notice?: ReactNode;
}) {
  const { place } = props;
  const distance = miles(place.distance);
  return (
    <Modal onClose={props.onClose} labelledBy="place-dialog-title" testId="place-dialog">
      <div className="relative">
        <PlaceHero place={place} className="h-40 w-full" />
        {props.closeIcon !== false && (
          <CloseButton onClick={props.onClose} className="absolute right-2 top-2 bg-surface/90 text-ink shadow" />
        )}
      </div>
      <div className="p-5">
        <div className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <Badge colour={categoryColour(place.categoryId)}>{badgeLabel(place.categoryId)}</Badge>
            <h2 id="place-dialog-title" className="mt-2 text-xl font-bold leading-tight">
              {place.title}
            </h2>
          </div>
          {props.heart}
        </div>
        <p className="mt-1 text-sm text-ink-soft">
          {distance && <span data-testid="place-distance">{distance} away</span>}
          {distance && place.address ? " · " : ""}
          {place.address}
        </p>
        <h3 className="mt-4 font-semibold">About</h3>
        <p className="mt-1 text-ink-soft">{place.description}</p>
        <PlaceNotes place={place} />
        <PlaceFacts place={place} />
        {props.notice}
        <div className="mt-5 flex flex-wrap gap-2 [&>*]:grow [&>*]:basis-24 [&>*]:whitespace-nowrap">
          {props.actions}
        </div>
        <a href={`/place/${place.id}`} className="mt-4 block text-center text-sm text-primary underline focus-ring">
          Open the place page
        </a>
      </div>
    </Modal>
  );
}
