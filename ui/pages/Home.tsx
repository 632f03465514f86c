import { Shell } from "../components/Shell";
import CategoryGrid from "../islands/CategoryGrid";
import CityBanner from "../islands/CityBanner";
import CityFavorite from "../islands/CityFavorite";
import CityPicker from "../islands/CityPicker";
import HomeLocalGems from "../islands/HomeLocalGems";
import HomeNearby from "../islands/HomeNearby";
import { Island } from "../islands/runtime";
import type { SelectedCity } from "../state";

export interface HomeProps {
  city: SelectedCity;
  /** True when the city came from the visitor's cookie (not the default). */
  fromCookie: boolean;
  cityCount: number;
}

const MORE_LINKS = [
  ["/featured", "Featured discoveries"],
  ["/lodging", "Where to stay"],
] as const;

/**
 * Home: the city picker, the "Exploring {city}" banner with the city's favorite toggle, the six categories,
 * Nearby Discoveries (8) and Local Gems (6, starting 1 s later).
 */
export function HomePage(props: HomeProps) {
  return (
    <Shell path="/">
      <div className="sticky top-16 z-30 -mx-4 px-4 pb-3">
        <Island name="CityPicker" component={CityPicker} props={{ city: props.city, cityCount: props.cityCount }} />
      </div>
      <div className="relative">
        <Island name="CityBanner" component={CityBanner} props={{ city: props.city, fromCookie: props.fromCookie }} />
        <Island name="CityFavorite" component={CityFavorite} props={{ city: props.city }} className="absolute right-3 top-3" />
      </div>
      <Island name="CategoryGrid" component={CategoryGrid} props={{}} />
      <nav aria-label="More discoveries" className="mt-4 flex flex-wrap gap-2 text-sm">
        {MORE_LINKS.map(([href, text]) => (
          <a key={href} href={href} className="rounded-full bg-surface px-4 py-2 font-medium ring-1 ring-line hover:text-primary focus-ring">
            {text}
          </a>
        ))}
      </nav>
      <Island name="HomeNearby" component={HomeNearby} props={{ city: props.city }} />
      <Island name="HomeLocalGems" component={HomeLocalGems} props={{ city: props.city }} />
    </Shell>
  );
}
