import { useQuery } from "@tanstack/react-query";
import { preloadPlaceDialog, usePlaceDialog } from "../components/PlaceRows";
import { PlaceHero, StaleNote } from "../components/PlaceParts";
import { amenityChips, campLabel, telUrl, websiteUrl, whereLabel, type Place } from "../components/places";
import { directionsUrl } from "../components/directions";
import { HomeLink, QueryStates, SkeletonList } from "../components/ui";
import { categoryPlacesQuery, useCity, useCitySync } from "../queries";
import type { SelectedCity } from "../state";
import { withQuery } from "../query-client";

export const LODGING_SKELETONS = 3;
export const LODGING_CATEGORY = 11;
const CARD = "h-[22rem] card";

/** /lodging: hotels and other lodging with price, website, amenities, address, distance and phone. */
function LodgingList(props: { city: SelectedCity }) {
  const city = useCity(props.city);
  useCitySync(Infinity);
  const query = useQuery(categoryPlacesQuery(LODGING_CATEGORY, city, "Failed to fetch lodging places"));
  const { data } = query;
  const { open, dialog } = usePlaceDialog(city);
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" className="text-2xl font-bold">
        Lodging in {city.name}
      </h1>
      <p className="mt-1 h-6 text-ink-soft" data-testid="lodging-count">
        {city.state}
        {data ? ` · ${data.length} ${data.length === 1 ? "place" : "places"}` : ""}
      </p>
      <div className="mt-4">
        <QueryStates
          query={query}
          loading={
            <SkeletonList
              count={LODGING_SKELETONS}
              itemClassName={CARD}
              label="Loading lodging…"
              className="grid grid-cols-1 gap-4 sm:grid-cols-2"
            />
          }
          error={{ title: "Unable to Load Lodging", text: "There was an error loading lodging places." }}
          empty={{
            title: "No Lodging Found",
            text: `We couldn't find any hotels or lodging options in ${city.name}, ${city.stateCode}.`,
            action: <HomeLink text="Back to Home" />,
          }}
        >
          {(places) => (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid="lodging-cards">
              {places.map((place) => (
                <li key={place.id}>
                  <LodgingCard place={place} seed={`${city.name}, ${city.stateCode}`} onOpen={() => open(place)} />
                </li>
              ))}
            </ul>
          )}
        </QueryStates>
      </div>
      {dialog}
    </section>
  );
}

function LodgingCard(props: { place: Place; seed: string; onOpen: () => void }) {
  const { place } = props;
  const site = websiteUrl(place.website);
  const chips = amenityChips(place.amenities);
  const distance = whereLabel(place);
  const camp = campLabel(place);
  return (
    <article
      className={`${CARD} flex flex-col overflow-hidden`}
      aria-labelledby={`lodging-${place.id}`}
      data-testid="lodging-card"
    >
      <div className="relative h-36 shrink-0">
        <PlaceHero place={place} seed={props.seed} className="h-36 w-full" />
        {place.priceRange && (
          <span
            className="absolute left-3 top-3 rounded-full bg-white px-2.5 py-0.5 text-xs font-bold text-gray-900 shadow"
            data-testid="price"
          >
            {place.priceRange}
          </span>
        )}
        {site && (
          <a
            href={site}
            target="_blank"
            rel="noopener noreferrer"
            className="absolute right-3 top-3 rounded-full bg-white px-3 py-1 text-xs font-semibold text-gray-900 shadow hover:bg-gray-100 focus-ring"
          >
            Website
          </a>
        )}
      </div>
      <div className="flex min-h-0 flex-1 flex-col p-4">
        <h2 id={`lodging-${place.id}`} className="truncate text-lg font-semibold">
          <button
            type="button"
            className="max-w-full truncate text-left hover:text-primary focus-ring"
            onClick={props.onOpen}
            onPointerEnter={preloadPlaceDialog}
            onFocus={preloadPlaceDialog}
          >
            {place.title}
          </button>
        </h2>
        {camp && (
          <p className="text-xs font-semibold uppercase tracking-wide text-ink-soft" data-testid="camp-label">
            {camp}
          </p>
        )}
        <p className="line-clamp-2 text-sm text-ink-soft">{place.description}</p>
        <StaleNote place={place} />
        <ul className="mt-2 flex h-7 flex-wrap gap-1.5 overflow-hidden" aria-label="Amenities" data-testid="amenities">
          {chips.shown.map((a) => (
            <li key={a} className="rounded-full bg-black/5 px-2.5 py-0.5 text-xs dark:bg-white/10">
              {a}
            </li>
          ))}
          {chips.more > 0 && (
            <li className="rounded-full px-2 py-0.5 text-xs font-medium text-ink-soft">+{chips.more} more</li>
          )}
        </ul>
        {place.address && (
          <button
            type="button"
            className="mt-2 truncate text-left text-sm text-primary underline-offset-2 hover:underline focus-ring"
            onClick={() => window.open(directionsUrl(place), "_blank", "noopener,noreferrer")}
            aria-label={`Open ${place.address} in maps`}
          >
            {place.address}
          </button>
        )}
        <div className="mt-auto flex items-center justify-between gap-2 pt-2 text-sm">
          <span className="font-medium">{distance ?? ""}</span>
          {place.phone && (
            <a
              href={telUrl(place.phone)}
              className="text-primary underline-offset-2 hover:underline focus-ring"
              aria-label={`Call ${place.title} at ${place.phone}`}
            >
              {place.phone}
            </a>
          )}
        </div>
      </div>
    </article>
  );
}

export default withQuery(LodgingList);
