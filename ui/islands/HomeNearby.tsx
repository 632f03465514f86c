import { lazy } from "react";
import { HomeList, NEARBY_TEXTS, NearbyResult, nearbySkeletons } from "../components/home-lists";
import type { Place } from "../components/places";
import type { SelectedCity } from "../state";

const LiveNearby = lazy(() => import("../components/HomeLive").then((m) => ({ default: m.LiveNearby })));
const SECTION = {
  id: "nearby-heading",
  title: "Nearby Discoveries",
  href: "/nearby",
  linkText: "View More Discoveries",
};

/**
 * Home: Nearby Discoveries (8) and "View More Discoveries". The server renders the rows for the page's
 * city; after a city change (or when the server had none ready) the list loads in the browser.
 */
export default function HomeNearby(props: { city: SelectedCity; initial: Place[] | null }) {
  return (
    <HomeList
      {...props}
      section={SECTION}
      loading={nearbySkeletons()}
      error={NEARBY_TEXTS.error}
      Result={NearbyResult}
      Live={LiveNearby}
    />
  );
}
