import { useQuery } from "@tanstack/react-query";
import { placeCity, placeFavoriteData } from "../components/place-favorite";
import type { ReactNode } from "react";
import { useCategoryCity } from "../components/category-view";
import { preloadPlaceDialog, usePlaceDialog } from "../components/PlaceRows";
import { PlaceHero, StaleNote } from "../components/PlaceParts";
import {
  categoryColour,
  listCategoryLabel,
  milesAway,
  whereLabel,
  placeItemId,
  titleIdItemId,
  websiteUrl,
  type Place,
} from "../components/places";
import { useSavedItems } from "../components/saved";
import { restaurantTagline } from "../components/taglines";
import { Badge, BUTTON, BUTTON_SOFT, HeartButton, QueryStates, SkeletonList, staggerStyle } from "../components/ui";
import { activitiesQuery, categoryPlacesQuery, seededList, storesQuery, type FavoriteType } from "../queries";
import type { SelectedCity } from "../state";
import { withQuery } from "../query-client";

export type PlacesView = "stores" | "activities" | "food" | "lodging" | "generic";

interface ViewText {
  heading: (city: SelectedCity) => string;
  subtitle?: (city: SelectedCity) => string;
  empty: string;
  thing?: string;
  favorite?: FavoriteType;
}

/** Headings and empty texts of the category views (docs/product.md). */
const VIEWS: Record<PlacesView, ViewText> = {
  stores: {
    heading: (c) => `Shop in ${c.name}`,
    empty: "No Local Stores Available",
    thing: "Local stores",
    favorite: "store",
  },
  activities: {
    heading: (c) => `Discover ${c.name}`,
    subtitle: (c) => `Exciting activities and adventures in ${c.state}`,
    empty: "No Activities Available",
    thing: "Activities",
    favorite: "activity",
  },
  food: {
    heading: (c) => `Dine in ${c.name}`,
    empty: "No Restaurants Found",
    thing: "Restaurants",
    favorite: "restaurant",
  },
  lodging: { heading: (c) => `Stay in ${c.name}`, empty: "No Lodging Available", thing: "Lodging", favorite: "place" },
  generic: { heading: (c) => `Places in ${c.name}`, empty: "No Places Found" },
};

export const CATEGORY_SKELETONS = 3;
export const GENERIC_SKELETONS = 5;
const CARD = "h-56 card";
const GENERIC_CARD = "h-80 card";

function queryFor(view: PlacesView, categoryId: number, city: SelectedCity) {
  if (view === "stores") return storesQuery(city);
  if (view === "activities") return activitiesQuery(city);
  if (view === "lodging") return categoryPlacesQuery(categoryId, city, "Failed to fetch lodging places");
  return categoryPlacesQuery(categoryId, city);
}

function favoriteOf(
  view: PlacesView,
  place: Place,
): { itemType: FavoriteType; itemId: string; itemData: Record<string, unknown> } | null {
  const type = VIEWS[view].favorite;
  if (!type) return null;
  if (type === "place")
    return { itemType: type, itemId: placeItemId(place), itemData: JSON.parse(placeFavoriteData(place)) };
  return {
    itemType: type,
    itemId: titleIdItemId(place),
    itemData: {
      id: place.id,
      title: place.title,
      description: place.description,
      address: place.address,
      city: placeCity(place),
      categoryId: place.categoryId,
      distance: place.distance,
      type,
    },
  };
}

/** Category pages with place cards: stores, activities, food, lodging, and the generic list for other slugs. */
function CategoryPlaces(props: {
  city: SelectedCity;
  view: PlacesView;
  categoryId: number;
  slug: string;
  initial?: Place[] | null;
}) {
  const city = useCategoryCity(props);
  const view = VIEWS[props.view];
  const query = useQuery(seededList(queryFor(props.view, props.categoryId, city), props.city, city, props.initial));
  const { open, dialog } = usePlaceDialog(city);
  const saved = useSavedItems();

  const unavailable = {
    title: view.empty,
    text: view.thing
      ? `${view.thing} for ${city.name}, ${city.stateCode} couldn't be loaded.`
      : "There are no places in this category yet.",
  };
  const loading =
    props.view === "generic" ? (
      <SkeletonList count={GENERIC_SKELETONS} itemClassName={GENERIC_CARD} label="Loading places…" />
    ) : (
      <SkeletonList count={CATEGORY_SKELETONS} itemClassName={CARD} label="Loading places…" />
    );
  const cards = (data: Place[]) => (
    <ul className="flex flex-col gap-4" data-testid="category-cards">
      {data.map((place, i) => {
        const favorite = favoriteOf(props.view, place);
        return (
          <li key={place.id} className="ls-card-in" style={staggerStyle(i)} data-testid="category-card">
            {props.view === "generic" ? (
              <GenericCard place={place} onOpen={() => open(place)} />
            ) : (
              <PlaceCard view={props.view} place={place} onOpen={() => open(place)}>
                {favorite && (
                  <HeartButton
                    pressed={saved.isSaved(favorite.itemType, favorite.itemId)}
                    busy={saved.pendingId === favorite.itemId}
                    label={`Save ${place.title} to favorites`}
                    onClick={() => saved.toggle(favorite)}
                  />
                )}
              </PlaceCard>
            )}
          </li>
        );
      })}
    </ul>
  );

  return (
    <section aria-labelledby="view-heading">
      <h2 id="view-heading" className="text-2xl font-bold">
        {view.heading(city)}
      </h2>
      {view.subtitle && <p className="mt-1 text-ink-soft">{view.subtitle(city)}</p>}
      <div className="mt-4">
        <QueryStates query={query} loading={loading} error={unavailable} empty={unavailable}>
          {cards}
        </QueryStates>
      </div>
      {dialog}
    </section>
  );
}

function PlaceCard(props: { view: PlacesView; place: Place; onOpen: () => void; children?: ReactNode }) {
  const { place, view } = props;
  const distance = whereLabel(place);
  const site = view === "food" ? websiteUrl(place.website) : null;
  const badge =
    view === "food" ? "Food & Dining" : view === "lodging" ? "Lodging" : listCategoryLabel(place.categoryId);
  const action = view === "stores" ? "Visit Store" : view === "activities" ? "Explore" : "View Details";
  return (
    <article
      className={`${CARD} flex cursor-pointer flex-col p-4 hover:ring-primary`}
      onClick={props.onOpen}
      onPointerEnter={preloadPlaceDialog}
      aria-labelledby={`place-${place.id}-title`}
    >
      <div className="flex items-start gap-2">
        <div className="min-w-0 flex-1">
          <Badge colour={categoryColour(place.categoryId)}>{badge}</Badge>
          <h3 id={`place-${place.id}-title`} className="mt-2 truncate text-lg font-semibold">
            {place.title}
          </h3>
        </div>
        {props.children}
      </div>
      <p className="mt-1 line-clamp-2 text-sm text-ink-soft">{place.description}</p>
      <StaleNote place={place} />
      {view === "food" && (
        <p className="mt-1 truncate text-sm italic text-primary" data-testid="tagline">
          {restaurantTagline(place)}
        </p>
      )}
      {distance && (
        <p className="mt-1 text-sm font-medium" data-testid="card-distance">
          {distance}
        </p>
      )}
      <div className="mt-auto flex gap-2 pt-3">
        <button
          type="button"
          className={`${BUTTON} px-4 py-1.5 text-sm`}
          onFocus={preloadPlaceDialog}
          onClick={(e) => {
            e.stopPropagation();
            props.onOpen();
          }}
        >
          {action}
        </button>
        {site && (
          <a
            href={site}
            target="_blank"
            rel="noopener noreferrer"
            className={`${BUTTON_SOFT} px-4 py-1.5 text-sm`}
            onClick={(e) => e.stopPropagation()}
          >
            Website
          </a>
        )}
      </div>
    </article>
  );
}

/** Generic list: image (hidden if it fails), type badge, "N miles away", title, description, address. */
function GenericCard(props: { place: Place; onOpen: () => void }) {
  const { place } = props;
  const away = place.town ? whereLabel(place) : milesAway(place.distance);
  return (
    <button
      type="button"
      className={`${GENERIC_CARD} flex w-full flex-col overflow-hidden text-left hover:ring-primary focus-ring`}
      onClick={props.onOpen}
      onFocus={preloadPlaceDialog}
    >
      <PlaceHero place={place} className="h-32 w-full shrink-0" />
      <span className="flex min-h-0 flex-1 flex-col p-4">
        <span className="flex items-center gap-2 text-sm">
          <Badge colour={categoryColour(place.categoryId)}>{listCategoryLabel(place.categoryId)}</Badge>
          {away && <span className="text-ink-soft">{away}</span>}
        </span>
        <span className="mt-2 truncate text-lg font-semibold">{place.title}</span>
        <span className="line-clamp-2 text-sm text-ink-soft">{place.description}</span>
        <StaleNote place={place} />
        {place.address && <span className="mt-auto truncate text-xs text-ink-soft">{place.address}</span>}
      </span>
    </button>
  );
}

export default withQuery(CategoryPlaces);
