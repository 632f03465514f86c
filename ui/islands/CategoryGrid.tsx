import { useQuery } from "@tanstack/react-query";
import { CategoryIconCircle } from "../components/category-icons";
import { tileColour } from "../components/places";
import { QueryStates, SkeletonList } from "../components/ui";
import { categoriesQuery } from "../queries";

const TILE = "h-28 rounded-2xl";
const GRID = "grid grid-cols-2 gap-3 sm:grid-cols-3";

/** Home: the six category tiles (six skeleton tiles while loading). */
export default function CategoryGrid() {
  const query = useQuery(categoriesQuery());
  return (
    <section aria-labelledby="categories-heading" className="mt-6">
      <h2 id="categories-heading" className="mb-3 text-lg font-bold">
        Explore by category
      </h2>
      <QueryStates
        query={query}
        loading={
          <SkeletonList count={6} itemClassName={`${TILE} ls-skeleton`} className={GRID} label="Loading categories…">
            <span />
          </SkeletonList>
        }
        error={{ text: "Failed to load categories. Please try again." }}
      >
        {(data) => (
          <ul className={GRID} data-testid="category-grid">
            {data.map((category) => (
              <li key={category.id}>
                <a
                  href={`/category/${encodeURIComponent(category.slug)}`}
                  className={`${TILE} card flex flex-col items-center justify-center gap-2 p-3 text-center font-semibold hover:ring-primary focus-ring`}
                >
                  <CategoryIconCircle icon={category.icon} colour={tileColour(category.color)} className="h-11 w-11" />
                  <span className="text-sm leading-tight">{category.name}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}
