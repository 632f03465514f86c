import { useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { usePlaceFavorite } from "../components/PlaceDialog";
import { AddToTrip } from "../components/AddToTrip";
import { PlaceFacts, PlaceNotes, PlaceHero } from "../components/PlaceParts";
import { badgeLabel, categoryColour, milesAway, type Place } from "../components/places";
import { directionsUrl } from "../components/directions";
import { BackLink } from "../components/back-link";
import { Badge, BUTTON, BUTTON_SOFT, HeartButton } from "../components/ui";
import { NotFoundCard } from "../components/NotFoundCard";
import { placeQuery, trackActivity } from "../queries";
import { withQuery } from "../query-client";

/** Share sheet, else copy the page link (alerts as section 2 says). */
async function sharePage(place: Place) {
  const url = location.href;
  if (navigator.share) {
    try {
      await navigator.share({ title: place.title, text: place.description, url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === "AbortError") return;
      console.warn("LocalScope: sharing failed, copying the link instead", error);
    }
  }
  try {
    await navigator.clipboard.writeText(url);
    alert("Link copied to clipboard!");
  } catch {
    alert("Failed to copy link. Please copy manually.");
  }
}

function Header(props: { place?: Place }) {
  return (
    <div className="sticky top-14 z-20 -mx-4 flex items-center gap-2 border-b border-line bg-surface/95 px-4 py-2 backdrop-blur">
      <BackLink />
      <h1 className="flex-1 text-lg font-bold">Place Details</h1>
      {props.place && <PlaceHeart place={props.place} />}
    </div>
  );
}

function PlaceHeart(props: { place: Place }) {
  const { favorited, toggle, busy } = usePlaceFavorite(props.place, "silent");
  return (
    <HeartButton pressed={favorited} busy={busy} label={`Save ${props.place.title} to favorites`} onClick={toggle} />
  );
}

/** /place/:id: the place, server-rendered when the server found it; a skeleton while the browser loads it otherwise. */
function PlaceView(props: { id: number; place: Place | null; notFound: boolean }) {
  const {
    data: place,
    isPending,
    isError,
  } = useQuery({
    ...placeQuery(props.id),
    initialData: props.place ?? undefined,
    enabled: !props.notFound,
  });

  useEffect(() => {
    if (place)
      trackActivity({
        activityType: "place_visited",
        placeId: place.id,
        categoryId: place.categoryId,
        activityData: { title: place.title, page: true },
      });
  }, [place?.id]);

  if (props.notFound || isError || (!isPending && !place)) {
    return (
      <>
        <Header />
        <NotFoundCard
          id="not-found-heading"
          title="Place Not Found"
          text="The place you're looking for doesn't exist."
          className="mt-6"
        />
      </>
    );
  }
  if (!place) {
    return (
      <>
        <Header />
        <div aria-hidden="true" className="mt-4 flex flex-col gap-3" data-testid="skeletons">
          <span className="ls-skeleton h-52 w-full rounded-2xl" />
          <span className="ls-skeleton h-5 w-24" />
          <span className="ls-skeleton h-7 w-2/3" />
          <span className="ls-skeleton h-4 w-full" />
          <span className="ls-skeleton h-4 w-5/6" />
        </div>
        <p role="status" className="sr-only">
          Loading place…
        </p>
      </>
    );
  }
  const away = milesAway(place.distance);
  return (
    <>
      <Header place={place} />
      <article className="mt-4" aria-labelledby="place-title">
        <PlaceHero place={place} className="h-52 w-full rounded-2xl" />
        <div className="mt-4 flex flex-wrap items-center gap-2">
          <Badge colour={categoryColour(place.categoryId)}>{badgeLabel(place.categoryId)}</Badge>
          {away && <span className="text-sm text-ink-soft">{away}</span>}
        </div>
        <h2 id="place-title" className="mt-2 text-2xl font-bold">
          {place.title}
        </h2>
        <section className="card mt-4 p-4" aria-labelledby="about-heading">
          <h3 id="about-heading" className="font-semibold">
            About
          </h3>
          <p className="mt-1 text-ink-soft">{place.description}</p>
          <PlaceNotes place={place} />
          <PlaceFacts place={place} />
        </section>
        {place.address && (
          <section className="card mt-4 p-4" aria-labelledby="location-heading">
            <h3 id="location-heading" className="font-semibold">
              Location
            </h3>
            <p className="mt-1">{place.address}</p>
            <a
              href={`/map?place=${place.id}`}
              className="mt-2 inline-block text-sm font-medium text-primary underline focus-ring"
            >
              View on map
            </a>
          </section>
        )}
        <div className="mt-6 grid grid-cols-2 gap-3">
          <button
            type="button"
            className={BUTTON}
            onClick={() => window.open(directionsUrl(place), "_blank", "noopener,noreferrer")}
          >
            Get Directions
          </button>
          <button type="button" className={BUTTON_SOFT} onClick={() => void sharePage(place)}>
            Share
          </button>
          <AddToTrip placeId={place.id} className={BUTTON_SOFT} />
        </div>
      </article>
    </>
  );
}

export default withQuery(PlaceView);
