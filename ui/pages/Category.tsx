/** /category/:slug: header with a back button and the category name, then the category's view. */
import { Shell } from "../components/Shell";
import { BackLink } from "../components/back-link";
import { NotFoundCard } from "../components/NotFoundCard";
import CategoryFacts from "../islands/CategoryFacts";
import CategoryHistory from "../islands/CategoryHistory";
import CategoryPlaces, { type PlacesView } from "../islands/CategoryPlaces";
import { Island } from "../island";
import type { SelectedCity } from "../state";
import type { Place } from "../components/places";

export interface CategoryInfo {
  id: number;
  slug: string;
  name: string;
}

const PLACE_VIEWS: Record<string, PlacesView> = {
  stores: "stores",
  activities: "activities",
  food: "food",
  lodging: "lodging",
};

export function CategoryPage(props: {
  slug: string;
  category: CategoryInfo | null;
  city: SelectedCity;
  initial?: Place[] | null;
}) {
  const { category, city } = props;
  const path = `/category/${props.slug}`;
  return (
    <Shell path={path} wide>
      <div className="sticky top-14 z-20 -mx-4 flex items-center gap-2 border-b border-line bg-surface/95 px-4 py-2 backdrop-blur">
        <BackLink />
        <h1 className="text-lg font-bold">{category ? category.name : "Category"}</h1>
      </div>
      <div className="ls-columns mt-4">
        {!category ? (
          <NotFoundCard
            id="missing-heading"
            title="Category Not Found"
            text="The category you're looking for doesn't exist."
          />
        ) : category.slug === "facts" ? (
          <Island
            name="CategoryFacts"
            component={CategoryFacts}
            props={{ city, categoryId: category.id, slug: category.slug }}
          />
        ) : category.slug === "historical" ? (
          <Island
            name="CategoryHistory"
            component={CategoryHistory}
            props={{ city, categoryId: category.id, slug: category.slug }}
          />
        ) : (
          <Island
            name="CategoryPlaces"
            component={CategoryPlaces}
            props={{
              city,
              view: PLACE_VIEWS[category.slug] ?? "generic",
              categoryId: category.id,
              slug: category.slug,
              initial: props.initial ?? null,
            }}
          />
        )}
      </div>
    </Shell>
  );
}
