import type { Category } from "../queries";
import { CategoryIconCircle } from "./category-icons";
import { tileColour } from "./places";

const TILE = "h-28 rounded-2xl";

/**
 * Home: the six category tiles. They are the server's own list, rendered into the page, so there is
 * nothing to load or to fail and no script: each tile is a link.
 */
export function CategoryGrid(props: { categories: Category[] }) {
  return (
    <section aria-labelledby="categories-heading" className="mt-6">
      <h2 id="categories-heading" className="mb-3 text-lg font-bold">
        Explore by category
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" data-testid="category-grid">
        {props.categories.map((category) => (
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
    </section>
  );
}
