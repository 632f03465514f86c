/**
 * Place rows for the Nearby and Local Gems lists (home and their full pages), the on-demand place dialog
 * they open, and their skeletons. A row has a fixed height, and so has its skeleton: nothing shifts.
 */
import { useSetAtom } from "jotai";
import { lazy, Suspense, useState, type ReactNode } from "react";
import type { CityRef } from "../queries";
import { showToastAtom } from "../state";
import { ChunkBoundary } from "./ChunkBoundary";
import { CategoryIconCircle } from "./category-icons";
import { listCategoryLabel, localGemType, staleNote, type Place, whereLabel } from "./places";
import { SkeletonList } from "./ui";

const loadDialog = () => import("./PlaceDialog");
const PlaceDialog = lazy(loadDialog);
/** Start loading the dialog's code as soon as a visitor points at or focuses a place. */
export const preloadPlaceDialog = () => void loadDialog();

/** The selected place and the dialog showing it; closing clears the selection. */
export function usePlaceDialog(city: CityRef): { open: (place: Place) => void; dialog: ReactNode } {
  const [place, setPlace] = useState<Place | null>(null);
  const showToast = useSetAtom(showToastAtom);
  // Its code failing to load (offline, or a new version deployed since the page was opened) must not take
  // the list down with it: the selection is cleared and a toast says so.
  const failed = () => {
    setPlace(null);
    showToast({
      title: "Error",
      description: "Failed to load place details. Please try again.",
      variant: "destructive",
    });
  };
  const dialog = place ? (
    <ChunkBoundary key={place.id} fallback={null} onError={failed}>
      <Suspense fallback={null}>
        <PlaceDialog place={place} city={city} onClose={() => setPlace(null)} />
      </Suspense>
    </ChunkBoundary>
  ) : null;
  return { open: setPlace, dialog };
}

export const ROW_CLASS = "h-32 card";

const rowButton =
  "flex h-32 w-full items-start gap-3 rounded-2xl bg-surface p-4 text-left shadow-sm ring-1 ring-line hover:ring-primary focus-ring";

/** A list row that opens a place; hovering or focusing it starts loading the place dialog. */
function RowButton(props: { onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      className={rowButton}
      onClick={props.onClick}
      onPointerEnter={preloadPlaceDialog}
      onFocus={preloadPlaceDialog}
    >
      {props.children}
    </button>
  );
}

function RowText(props: { top: ReactNode; title: string; description: string; bottom: ReactNode }) {
  return (
    <span className="flex min-w-0 flex-1 flex-col self-stretch">
      <span className="flex items-center gap-2 text-xs font-medium text-ink-soft">{props.top}</span>
      <span className="mt-0.5 truncate font-semibold text-ink">{props.title}</span>
      <span className="line-clamp-2 text-sm text-ink-soft">{props.description}</span>
      <span className="mt-auto truncate text-xs text-ink-soft">{props.bottom}</span>
    </span>
  );
}

/** Nearby Discoveries: category icon and label, distance, title, two-line description, address. */
export function NearbyRows(props: { places: Place[]; onOpen: (place: Place) => void }) {
  return (
    <ul className="flex flex-col gap-3" data-testid="nearby-list">
      {props.places.map((place) => {
        const distance = whereLabel(place);
        return (
          <li key={place.id}>
            <RowButton onClick={() => props.onOpen(place)}>
              <CategoryIconCircle categoryId={place.categoryId} />
              <RowText
                top={
                  <>
                    <span>{listCategoryLabel(place.categoryId)}</span>
                    {distance && <span>· {distance}</span>}
                  </>
                }
                title={place.title}
                description={place.description}
                bottom={[staleNote(place), place.address].filter(Boolean).join(" · ")}
              />
            </RowButton>
          </li>
        );
      })}
    </ul>
  );
}

/** Local Gems: icon and type (Restaurant, Store, Café), title, description, "Downtown". */
export function GemRows(props: { places: Place[]; onOpen: (place: Place) => void }) {
  return (
    <ul className="flex flex-col gap-3" data-testid="local-gems-list">
      {props.places.map((place) => {
        const type = localGemType(place);
        return (
          <li key={place.id}>
            <RowButton onClick={() => props.onOpen(place)}>
              <CategoryIconCircle categoryId={place.categoryId} icon={type === "Café" ? "coffee" : undefined} />
              <RowText
                top={
                  <>
                    <span data-testid="gem-type">{type}</span>
                    {whereLabel(place) && <span>· {whereLabel(place)}</span>}
                  </>
                }
                title={place.title}
                description={place.description}
                bottom={staleNote(place) ?? "Downtown"}
              />
            </RowButton>
          </li>
        );
      })}
    </ul>
  );
}

export function RowSkeletons(props: { count: number; label: string; preparing?: boolean }) {
  return <SkeletonList count={props.count} itemClassName={ROW_CLASS} label={props.label} preparing={props.preparing} />;
}
