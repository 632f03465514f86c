/** The full list pages: /nearby, /local-gems, /featured, /lodging (server-rendered for the selected city). */
import { Shell } from "../components/Shell";
import { BackLink } from "../components/back-link";
import FeaturedList from "../islands/FeaturedList";
import LocalGemsList from "../islands/LocalGemsList";
import LodgingList from "../islands/LodgingList";
import NearbyList from "../islands/NearbyList";
import { Island } from "../island";
import type { SelectedCity } from "../state";
import type { Place } from "../components/places";

function ListShell(props: { path: string; children: React.ReactNode }) {
  return (
    <Shell path={props.path} wide>
      <BackLink />
      <div className="ls-columns mt-1">{props.children}</div>
    </Shell>
  );
}

export const NearbyPage = (props: { city: SelectedCity; initial?: Place[] | null }) => (
  <ListShell path="/nearby">
    <Island name="NearbyList" component={NearbyList} props={{ city: props.city, initial: props.initial ?? null }} />
  </ListShell>
);

export const LocalGemsPage = (props: { city: SelectedCity; initial?: Place[] | null }) => (
  <ListShell path="/local-gems">
    <Island
      name="LocalGemsList"
      component={LocalGemsList}
      props={{ city: props.city, initial: props.initial ?? null }}
    />
  </ListShell>
);

export const FeaturedPage = (props: { city: SelectedCity }) => (
  <ListShell path="/featured">
    <Island name="FeaturedList" component={FeaturedList} props={{ city: props.city }} />
  </ListShell>
);

export const LodgingPage = (props: { city: SelectedCity }) => (
  <ListShell path="/lodging">
    <Island name="LodgingList" component={LodgingList} props={{ city: props.city }} />
  </ListShell>
);
