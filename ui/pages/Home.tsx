import { Shell } from "../components/Shell";
import CityBanner from "../islands/CityBanner";
import CityPicker from "../islands/CityPicker";
import { Island } from "../islands/runtime";
import type { SelectedCity } from "../state";

export interface HomeProps {
  city: SelectedCity;
  /** True when the city came from the visitor's cookie (not the default). */
  fromCookie: boolean;
  cityCount: number;
}

/** Home: the city picker and the "Exploring {city}" banner (the discovery lists come with later screens). */
export function HomePage(props: HomeProps) {
  return (
    <Shell path="/">
      <div className="sticky top-16 z-30 -mx-4 px-4 pb-3">
        <Island name="CityPicker" component={CityPicker} props={{ city: props.city, cityCount: props.cityCount }} />
      </div>
      <Island name="CityBanner" component={CityBanner} props={{ city: props.city, fromCookie: props.fromCookie }} />
      <p className="mt-4 text-sm text-ink-soft">
        Pick any of {props.cityCount.toLocaleString("en-US")} US cities and towns — by name, “City, ST” or ZIP code.
      </p>
    </Shell>
  );
}
