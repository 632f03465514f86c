import { useQuery } from "@tanstack/react-query";
import { preloadPlaceDialog, usePlaceDialog } from "../components/PlaceRows";
import { categoryColour, listCategoryLabel, whereLabel } from "../components/places";
import { Badge, BUTTON, HomeLink, QueryStates, SkeletonList } from "../components/ui";
import { featuredQuery, useCity, useCitySync } from "../queries";
import { locationText, type SelectedCity } from "../state";
import { withQuery } from "../query-client";

export const FEATURED_SKELETONS = 12;
const CARD = "h-56 card";

/** /featured: featured discoveries with "N found" and "Learn More". */
function FeaturedList(props: { city: SelectedCity }) {
  const city = useCity(props.city);
  useCitySync(Infinity);
  const query = useQuery(featuredQuery(city));
  const { data } = query;
  const { open, dialog } = usePlaceDialog(city);
  return (
    <section aria-labelledby="page-heading">
      <div className="flex items-center justify-between gap-3">
        <h1 id="page-heading" className="text-2xl font-bold">
          Discoveries in {city.name}
        </h1>
        <span
          className="h-7 shrink-0 rounded-full bg-surface px-3 py-1 text-sm font-semibold ring-1 ring-line"
          data-testid="featured-count"
        >
          {data ? `${data.length} found` : "…"}
        </span>
      </div>
      <div className="mt-4">
        <QueryStates
          query={query}
          loading={
            <SkeletonList
              count={FEATURED_SKELETONS}
              itemClassName={CARD}
              label="Loading featured places…"
              className="grid grid-cols-1 gap-4 sm:grid-cols-2"
            />
          }
          error={{
            title: "Unable to Load Featured Places",
            text: "There was an error loading the featured content.",
            action: <HomeLink text="Back to Home" />,
          }}
          empty={{
            title: "No Featured Places Yet",
            text: `We're still discovering amazing places in ${locationText(city)}!`,
            action: <HomeLink text="Explore More" />,
          }}
        >
          {(places) => (
            <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2" data-testid="featured-cards">
              {places.map((place) => (
                <li key={place.id}>
                  <article className={`${CARD} flex flex-col p-4`} aria-labelledby={`featured-${place.id}`}>
                    <span className="flex items-center gap-2">
                      <Badge colour={categoryColour(place.categoryId)} className="self-start">
                        {listCategoryLabel(place.categoryId)}
                      </Badge>
                      {whereLabel(place) && (
                        <span className="truncate text-xs font-medium text-ink-soft" data-testid="featured-where">
                          {whereLabel(place)}
                        </span>
                      )}
                    </span>
                    <h2 id={`featured-${place.id}`} className="mt-2 truncate text-lg font-semibold">
                      {place.title}
                    </h2>
                    <p className="line-clamp-2 text-sm text-ink-soft">{place.description}</p>
                    {place.address && <p className="mt-1 truncate text-xs text-ink-soft">{place.address}</p>}
                    <button
                      type="button"
                      className={`${BUTTON} mt-auto self-start px-4 py-1.5 text-sm`}
                      onClick={() => open(place)}
                      onPointerEnter={preloadPlaceDialog}
                      onFocus={preloadPlaceDialog}
                      aria-label={`Learn More about ${place.title}`}
                    >
                      Learn More
                    </button>
                  </article>
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

export default withQuery(FeaturedList);
