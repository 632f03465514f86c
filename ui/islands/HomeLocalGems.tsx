import { lazy } from "react";
import { GEMS_TEXTS, GemsLoading, GemsResult, HomeList } from "../components/home-lists";
import type { Place } from "../components/places";
import type { SelectedCity } from "../state";

const LiveGems = lazy(() => import("../components/HomeLive").then((m) => ({ default: m.LiveGems })));
const SECTION = { id: "gems-heading", title: "Local Gems", href: "/local-gems", linkText: "View More Gems" };

/**
 * Home: Local Gems (6) and "View More Gems". The server renders the rows for the page's city. Loaded in
 * the browser (after a city change, or when the server had none ready), they wait 1 s after the screen
 * appeared or the city changed, with "Loading after nearby discoveries...", so nearby places go first.
 */
export default function HomeLocalGems(props: { city: SelectedCity; initial: Place[] | null }) {
  return (
    <HomeList
      {...props}
      section={SECTION}
      loading={<GemsLoading waiting />}
      error={GEMS_TEXTS.error}
      Result={GemsResult}
      Live={LiveGems}
    />
  );
}
