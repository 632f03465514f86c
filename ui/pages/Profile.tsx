import { Shell } from "../components/Shell";
import type { Viewer } from "../components/viewer";
import ProfileView from "../islands/ProfileView";
import { Island } from "../island";
import type { SelectedCity } from "../state";

/** /profile: the signed-in user's card, themes, quick actions (server-rendered with the user; islands for the rest). */
export function ProfilePage(props: { user: Viewer; city: SelectedCity; theme: string; adminClaimable?: boolean }) {
  return (
    <Shell path="/profile">
      <Island
        name="ProfileView"
        component={ProfileView}
        props={{
          user: { ...props.user },
          city: props.city,
          theme: props.theme,
          adminClaimable: props.adminClaimable === true,
        }}
      />
    </Shell>
  );
}
