import { CategoryGrid } from "../components/CategoryGrid";
import type { Place } from "../components/places";
import { Shell } from "../components/Shell";
import CityBanner from "../islands/CityBanner";
import CityFavorite from "../islands/CityFavorite";
import CityPicker from "../islands/CityPicker";
import HomeLocalGems from "../islands/HomeLocalGems";
import HomeNearby from "../islands/HomeNearby";
import { Island } from "../island";
import type { Category } from "../queries";
import type { SelectedCity } from "../state";

export interface HomeProps {
  city: SelectedCity;
  /** True when the city came from the visitor's cookie (not the default). */
  fromCookie: boolean;
  cityCount: number;
  categories: Category[];
  /** The city's first rows, rendered by the server; null when they were not ready in time (then the browser loads them). */
  nearby: Place[] | null;
  gems: Place[] | null;
}

const MORE_LINKS = [
  ["/featured", "Featured discoveries"],
  ["/lodging", "Where to stay"],
] as const;

/**
 * Home: the city picker, the "Exploring {city}" banner with the city's favorite toggle, the six categories,
 * Nearby Discoveries (8) and Local Gems (6), rendered with the city's places when they are ready in time.
 */
export function HomePage(props: HomeProps) {
  return (
    <Shell path="/" wide>
      <div className="sticky top-[57px] z-30 -mx-4 bg-[var(--ls-page)] px-4 pb-3 pt-3" data-testid="picker-strip">
        <Island name="CityPicker" component={CityPicker} props={{ city: props.city, cityCount: props.cityCount }} />
      </div>
      <div className="relative">
        <Island name="CityBanner" component={CityBanner} props={{ city: props.city, fromCookie: props.fromCookie }} />
        <Island
          name="CityFavorite"
          component={CityFavorite}
          props={{ city: props.city }}
          className="absolute right-3 top-3"
        />
      </div>
      <CategoryGrid categories={props.categories} />
      <nav aria-label="More discoveries" className="mt-4 flex flex-wrap gap-2 text-sm">
        {MORE_LINKS.map(([href, text]) => (
          <a
            key={href}
            href={href}
            className="rounded-full bg-surface px-4 py-2 font-medium ring-1 ring-line hover:text-primary focus-ring"
          >
            {text}
          </a>
        ))}
      </nav>
      {/* From 1024 px the two lists stand side by side (docs/decisions/026-traveller-polish.md). */}
      <div className="lg:grid lg:grid-cols-2 lg:items-start lg:gap-8">
        <Island name="HomeNearby" component={HomeNearby} props={{ city: props.city, initial: props.nearby }} />
        <Island name="HomeLocalGems" component={HomeLocalGems} props={{ city: props.city, initial: props.gems }} />
      </div>
    </Shell>
  );
}
