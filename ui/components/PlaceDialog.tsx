/**
 * The place detail dialog opened from every list (docs/product.md). Loaded on demand: lists import
 * it only when a visitor first opens a place, so it costs the home page nothing up front.
 */
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useEffect, useState } from "react";
import { addFavorite, favoriteCheckQuery, placeQuery, removeFavorite, trackActivity, type CityRef } from "../queries";
import { withQuery } from "../query-client";
import { showToastAtom } from "../state";
import { PlaceDialogFrame } from "./PlaceDialogFrame";
import { placeItemId, webSearchUrl, type Place } from "./places";
import { directionsUrl } from "./directions";
import { placeFavoriteData } from "./place-favorite";
import { AddToTrip } from "./AddToTrip";
import { BUTTON_SOFT, HeartButton } from "./ui";

export function usePlaceFavorite(place: Place, toasts: "dialog" | "silent") {
  const queryClient = useQueryClient();
  const showToast = useSetAtom(showToastAtom);
  const itemId = placeItemId(place);
  const check = favoriteCheckQuery("place", itemId);
  const { data: favorited = false } = useQuery(check);
  const toggle = useMutation({
    mutationFn: async (save: boolean) => {
      if (save) await addFavorite("place", itemId, placeFavoriteData(place));
      else await removeFavorite("place", itemId);
      return save;
    },
    onMutate: (save) => {
      // The place page flips at once and reverts on failure (section 4); the dialog waits for the answer.
      if (toasts === "silent") queryClient.setQueryData(check.queryKey, save);
    },
    onSuccess: (save) => {
      queryClient.setQueryData(check.queryKey, save);
      void queryClient.invalidateQueries({ queryKey: ["favorites", "list"] });
      if (toasts === "dialog")
        showToast(
          save
            ? { title: "Added to favorites", description: "Place has been saved to your favorites." }
            : { title: "Removed from favorites", description: "Place has been removed from your favorites." },
        );
    },
    onError: (error, save) => {
      if (toasts === "silent") {
        queryClient.setQueryData(check.queryKey, !save);
        console.warn("LocalScope: favorite change failed", error);
        return;
      }
      showToast({
        title: "Error",
        description: save
          ? "Failed to add to favorites. Please try again."
          : "Failed to remove from favorites. Please try again.",
        variant: "destructive",
      });
    },
  });
  return { favorited, toggle: () => toggle.mutate(!favorited), busy: toggle.isPending };
}

/** Share sheet where the device has one; otherwise title, description and link go to the clipboard. */
async function sharePlace(place: Place, onCopied: () => void) {
  const url = `${location.origin}/place/${place.id}`;
  try {
    if (navigator.share) {
      await navigator.share({ title: place.title, text: place.description, url });
      return;
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") return;
    console.warn("LocalScope: sharing failed, copying instead", error);
  }
  try {
    await navigator.clipboard.writeText(`${place.title}\n${place.description}\n${url}`);
    onCopied();
  } catch (error) {
    console.warn("LocalScope: copying the place failed", error);
  }
}

function PlaceDialog(props: { place: Place; city: CityRef; onClose: () => void }) {
  const showToast = useSetAtom(showToastAtom);
  // Fresher details (opening state moves with the clock); the list's copy shows meanwhile, and its distance
  // (measured from the selected city) is kept.
  const details = useQuery({ ...placeQuery(props.place.id), placeholderData: props.place });
  const place: Place = {
    ...props.place,
    ...(details.data ?? {}),
    distance: props.place.distance ?? details.data?.distance ?? null,
  };
  const { favorited, toggle, busy } = usePlaceFavorite(props.place, "dialog");
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    trackActivity({
      activityType: "place_visited",
      cityName: props.city.name,
      cityState: props.city.stateCode,
      placeId: props.place.id,
      categoryId: props.place.categoryId,
      activityData: { title: props.place.title },
    });
  }, [props.place.id]);

  return (
    <PlaceDialogFrame
      place={place}
      onClose={props.onClose}
      heart={
        <HeartButton pressed={favorited} busy={busy} label={`Save ${place.title} to favorites`} onClick={toggle} />
      }
      notice={
        details.isError && (
          <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-300">
            Failed to load place details. Please try again.{" "}
            <button type="button" className="underline focus-ring" onClick={() => void details.refetch()}>
              Try again
            </button>
          </p>
        )
      }
      actions={
        <>
          <button
            type="button"
            className={`${BUTTON_SOFT} px-2 text-sm`}
            onClick={() => window.open(directionsUrl(place), "_blank", "noopener,noreferrer")}
          >
            Get Directions
          </button>
          <button
            type="button"
            className={`${BUTTON_SOFT} px-2 text-sm`}
            onClick={() =>
              void sharePlace(place, () => {
                setCopied(true);
                showToast({
                  title: "Copied to clipboard",
                  description: "The place's name, description and link are ready to paste.",
                });
              })
            }
          >
            {copied ? "Copied" : "Share"}
          </button>
          <button
            type="button"
            className={`${BUTTON_SOFT} px-2 text-sm`}
            onClick={() => window.open(webSearchUrl(place.title, place.address), "_blank", "noopener,noreferrer")}
          >
            More Info
          </button>
          <AddToTrip placeId={place.id} className={`${BUTTON_SOFT} px-2 text-sm`} />
        </>
      }
    />
  );
}

/** Loaded on demand, on pages with or without the query cache (home has none until then). */
export default withQuery(PlaceDialog);
