import { useQuery } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useEffect, useState } from "react";
import { apiRequest } from "../api";
import { formatMemberSince, type Profile } from "../components/account";
import { clearDevice, readProfile } from "../components/device";
import { AdminClaimCard } from "../components/AdminClaim";
import { EditProfileDialog } from "../components/EditProfileDialog";
import { LegalDialog, type LegalDocument } from "../components/legal";
import { LoadingScreen } from "../components/Loading";
import { BackLink } from "../components/back-link";
import { displayName, type Viewer } from "../components/viewer";
import { GuestInvite } from "../profile/GuestInvite";
import { ProfileCard } from "../profile/ProfileCard";
import { QuickActions } from "../profile/QuickActions";
import { ThemePicker } from "../profile/ThemePicker";
import { favoritesCountQuery, homeLocationOf, profileStatsQuery } from "../profile/data";
import { showToastAtom, type SelectedCity } from "../state";
import { withQuery } from "../query-client";

export const APP_VERSION = "1.0.0";

/**
 * The profile screen (docs/product.md#profile): the card with real stats, the Edit
 * Profile dialog (kept on this device), the 16 themes, Quick Actions, the policies and Sign Out.
 */
function ProfileView(props: { user: Viewer; city: SelectedCity; theme: string; adminClaimable?: boolean }) {
  const { user, city } = props;
  const showToast = useSetAtom(showToastAtom);
  const [hydrated, setHydrated] = useState(false);
  const [profile, setProfile] = useState<Partial<Profile> | null>(null);
  const [editing, setEditing] = useState<"edit" | "settings" | null>(null);
  const [legal, setLegal] = useState<LegalDocument | null>(null);
  const [signingOut, setSigningOut] = useState(false);
  const stats = useQuery(profileStatsQuery());
  const count = useQuery(favoritesCountQuery());

  useEffect(() => {
    setHydrated(true);
    setProfile(readProfile());
  }, []);

  const name = profile?.name || displayName(user);
  const home = homeLocationOf(profile) || null;
  // The server formats the date in UTC; the browser then shows it in the visitor's own time zone.
  const since = formatMemberSince(stats.data?.memberSince ?? user.createdAt, hydrated ? undefined : "UTC");
  const favorites = count.data;

  async function signOut() {
    if (signingOut) return;
    setSigningOut(true);
    try {
      await apiRequest("POST", "/api/auth/logout");
      clearDevice();
      location.replace("/");
    } catch {
      setSigningOut(false);
      showToast({
        title: "Sign out failed",
        description: "Please check your connection and try again.",
        variant: "destructive",
      });
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex items-center gap-2">
        <BackLink />
        <h1 className="flex-1 text-xl font-bold">Profile</h1>
        <span
          data-testid="role-badge"
          className={`rounded-full px-3 py-1 text-xs font-semibold ${user.isAdmin ? "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100" : "bg-gray-100 text-gray-900 dark:bg-gray-800 dark:text-gray-100"}`}
        >
          {user.isAdmin ? "Admin" : "User"}
        </span>
      </div>

      <ProfileCard
        name={name}
        home={home}
        since={since}
        bio={profile?.bio}
        city={city}
        stats={stats}
        favorites={favorites}
        favoritesPending={count.isPending}
        onEdit={() => setEditing("edit")}
      />

      <GuestInvite isGuest={user.isGuest} favorites={favorites} />

      <ThemePicker theme={props.theme} />

      {props.adminClaimable && <AdminClaimCard />}

      <QuickActions
        user={user}
        city={city}
        favorites={favorites}
        signingOut={signingOut}
        onEdit={setEditing}
        onLegal={setLegal}
        onSignOut={() => void signOut()}
      />

      <footer className="py-4 text-center text-sm text-ink-soft">
        <p className="font-semibold text-ink">LocalScope</p>
        <p>Travel Enlightened</p>
        <p className="mt-1 text-xs">Version {APP_VERSION}</p>
      </footer>

      {editing && (
        <EditProfileDialog
          mode={editing}
          user={user}
          initial={{
            name: profile?.name ?? user.username ?? "",
            location: homeLocationOf(profile),
            email: profile?.email ?? user.email ?? "",
            bio: profile?.bio ?? "",
          }}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setProfile(saved);
            setEditing(null);
            showToast({ title: "Profile saved", description: "Your profile is kept on this device." });
          }}
          onDataDeleted={() => {
            setProfile(null);
            setEditing(null);
            void count.refetch();
            void stats.refetch();
          }}
        />
      )}
      {legal && <LegalDialog document={legal} variant="profile" onClose={() => setLegal(null)} />}
      {signingOut && <LoadingScreen overlay />}
    </div>
  );
}

export default withQuery(ProfileView);
