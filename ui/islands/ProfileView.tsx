import { useQuery } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { authDialogAtom } from "../components/auth-state";
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { apiRequest } from "../api";
import { formatMemberSince, savedItems, signedInAs, type Profile } from "../components/account";
import { applyTheme, clearDevice, readProfile } from "../components/device";
import { AdminClaimCard } from "../components/AdminClaim";
import { EditProfileDialog } from "../components/EditProfileDialog";
import { helpMailto, LegalDialog, SUPPORT_EMAIL, type LegalDocument } from "../components/legal";
import { LoadingScreen } from "../components/Loading";
import { BackLink } from "../components/back-link";
import { displayName, type Viewer } from "../components/viewer";
import { showToastAtom, locationText, type SelectedCity } from "../state";
import { THEMES } from "../themes";
import { withQuery } from "../query-client";
import type { ProfileStats } from "../../modules/activity";

export const APP_VERSION = "1.0.0";

/** The sign-up dialog, loaded only when a guest asks for it. */
const AuthDialog = lazy(() => import("./AuthDialog"));

/**
 * The home location the card shows and the edit form starts from: one source, the saved profile (docs/decisions/026-traveller-polish.md).
 * The city being explored is not a home; it has its own badge.
 */
export const homeLocationOf = (profile: Partial<Profile> | null): string => profile?.location?.trim() ?? "";

export const profileStatsQuery = () => ({
  queryKey: ["profile", "stats"],
  queryFn: ({ signal }: { signal?: AbortSignal }) =>
    apiRequest<ProfileStats>("GET", "/api/profile/stats", undefined, signal),
  staleTime: 0,
});

/** GET /api/favorites/count; a failure counts as 0 (docs/product.md). */
export const favoritesCountQuery = () => ({
  queryKey: ["favorites", "count"],
  queryFn: async ({ signal }: { signal?: AbortSignal }) => {
    try {
      return (await apiRequest<{ count: number }>("GET", "/api/favorites/count", undefined, signal)).count ?? 0;
    } catch {
      return 0;
    }
  },
  staleTime: 0,
  retry: false,
});

const icon = {
  "aria-hidden": true,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 2,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  className: "h-5 w-5",
} as const;
const ICONS = {
  pin: (
    <svg {...icon}>
      <path d="M12 21s-7-6.2-7-11a7 7 0 0 1 14 0c0 4.8-7 11-7 11Z" />
      <circle cx="12" cy="10" r="2.5" />
    </svg>
  ),
  heart: (
    <svg {...icon}>
      <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
    </svg>
  ),
  edit: (
    <svg {...icon}>
      <path d="M4 20h4L19 9l-4-4L4 16v4Z" />
      <path d="m13.5 6.5 4 4" />
    </svg>
  ),
  settings: (
    <svg {...icon}>
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 1 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 1 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 1 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 1 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1Z" />
    </svg>
  ),
  chart: (
    <svg {...icon}>
      <path d="M3 3v18h18" />
      <path d="m7 15 4-4 3 3 5-6" />
    </svg>
  ),
  help: (
    <svg {...icon}>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.5V14M12 17h.01" />
    </svg>
  ),
  doc: (
    <svg {...icon}>
      <path d="M14 3H6v18h12V7l-4-4Z" />
      <path d="M14 3v4h4M9 12h6M9 16h6" />
    </svg>
  ),
  shield: (
    <svg {...icon}>
      <path d="M12 3 4 6v6c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V6l-8-3Z" />
    </svg>
  ),
  out: (
    <svg {...icon}>
      <path d="M15 4h4v16h-4M10 16l-4-4 4-4M6 12h11" />
    </svg>
  ),
  chevron: (
    <svg {...icon} className="h-5 w-5 text-ink-soft">
      <path d="m9 6 6 6-6 6" />
    </svg>
  ),
};

/**
 * The profile screen (docs/product.md#profile): the card with real stats, the Edit
 * Profile dialog (kept on this device), the 16 themes, Quick Actions, the policies and Sign Out.
 */
function ProfileView(props: { user: Viewer; city: SelectedCity; theme: string; adminClaimable?: boolean }) {
  const { user, city } = props;
  const showToast = useSetAtom(showToastAtom);
  const [hydrated, setHydrated] = useState(false);
  const [profile, setProfile] = useState<Partial<Profile> | null>(null);
  const [theme, setTheme] = useState(props.theme);
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
  const openAuth = useSetAtom(authDialogAtom);
  const [signUp, setSignUp] = useState(false);
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

      <section aria-labelledby="profile-name" className="card overflow-hidden">
        <div className="ls-gradient h-16" aria-hidden="true" />
        <div className="-mt-10 px-5 pb-5">
          <span
            aria-hidden="true"
            className="inline-flex h-20 w-20 items-center justify-center rounded-full bg-surface text-3xl font-bold text-primary shadow ring-4 ring-[var(--ls-surface)]"
          >
            {name.trim().charAt(0).toUpperCase() || "G"}
          </span>
          <div className="mt-2 flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h2 id="profile-name" data-testid="profile-name" className="break-words text-2xl font-bold">
                {name}
              </h2>
              <p className="mt-1 flex items-center gap-1 text-ink-soft" data-testid="home-location">
                {ICONS.pin}
                {home ?? <span className="italic">Home location not set</span>}
              </p>
              <p className="mt-1 text-sm text-ink-soft" data-testid="member-since">
                Member since {since}
              </p>
            </div>
            <button
              type="button"
              onClick={() => setEditing("edit")}
              aria-haspopup="dialog"
              className="inline-flex items-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-line hover:bg-black/5 dark:hover:bg-white/10 focus-ring"
            >
              {ICONS.edit}
              Edit Profile
            </button>
          </div>
          {profile?.bio && <p className="mt-3 whitespace-pre-line break-words">{profile.bio}</p>}
          <p className="mt-3">
            <span
              className="inline-block rounded-full bg-black/5 px-3 py-1 text-sm font-medium dark:bg-white/10"
              data-testid="exploring-badge"
            >
              Exploring {locationText(city)}
            </span>
          </p>
          <dl
            className="mt-4 grid grid-cols-3 gap-2 text-center"
            aria-busy={stats.isPending || count.isPending || undefined}
          >
            <StatTile label="Cities Explored" value={stats.data?.citiesExplored} testId="stat-cities" />
            <StatTile label="Favorites" value={favorites} testId="stat-favorites" />
            <StatTile label="Discoveries" value={stats.data?.discoveries} testId="stat-discoveries" />
          </dl>
          {stats.isError && <p className="mt-2 text-sm text-ink-soft">Statistics could not be loaded right now.</p>}
        </div>
      </section>

      {user.isGuest && (
        <section
          aria-labelledby="keep-heading"
          className="card border-l-4 border-primary p-5"
          data-testid="guest-invite"
        >
          <h2 id="keep-heading" className="text-lg font-semibold">
            Keep your favorites
          </h2>
          <p className="mt-1 text-sm text-ink-soft">
            You are exploring as a guest. Create a free account and everything you saved
            {favorites ? ` (${savedItems(favorites)})` : ""} stays with you, on any device.
          </p>
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => {
              setSignUp(true);
              openAuth("register");
            }}
            className="mt-3 inline-flex items-center justify-center rounded-full bg-primary px-5 py-2 text-sm font-semibold text-white hover:bg-primary-dark focus-ring"
          >
            Create Free Account
          </button>
        </section>
      )}
      {signUp && (
        <Suspense fallback={null}>
          <AuthDialog />
        </Suspense>
      )}

      <section aria-labelledby="appearance-heading" className="card p-5">
        <h2 id="appearance-heading" className="text-lg font-semibold">
          Appearance
        </h2>
        <p className="text-sm text-ink-soft">Choose a theme. It applies at once and is kept on this device.</p>
        <div
          role="group"
          aria-labelledby="appearance-heading"
          className="mt-3 grid grid-cols-2 gap-2 min-[420px]:grid-cols-3 sm:grid-cols-4"
        >
          {THEMES.map((t) => {
            const selected = t.name === theme;
            return (
              <button
                key={t.name}
                type="button"
                aria-pressed={selected}
                data-theme-option={t.name}
                onClick={() => {
                  applyTheme(t.name);
                  setTheme(t.name);
                }}
                className={`flex items-center gap-2 rounded-xl px-3 py-2 text-left text-sm font-medium focus-ring ${selected ? "bg-black/5 ring-2 ring-primary dark:bg-white/10" : "ring-1 ring-line hover:bg-black/5 dark:hover:bg-white/10"}`}
              >
                <span
                  aria-hidden="true"
                  className="h-6 w-6 shrink-0 rounded-full"
                  style={{ backgroundImage: `linear-gradient(135deg, ${t.gradient[0]}, ${t.gradient[1]})` }}
                />
                <span className="flex-1">{t.label}</span>
                {selected && (
                  <svg {...icon} className="h-4 w-4 text-primary">
                    <path d="m5 12 5 5 9-10" />
                  </svg>
                )}
              </button>
            );
          })}
        </div>
      </section>

      {props.adminClaimable && <AdminClaimCard />}

      <section aria-labelledby="actions-heading" className="card overflow-hidden">
        <h2 id="actions-heading" className="px-5 pb-1 pt-4 text-lg font-semibold">
          Quick Actions
        </h2>
        <ul className="divide-y divide-line">
          <ActionRow href="/" icon={ICONS.pin} title="Change Location" subtitle={`Exploring ${locationText(city)}`} />
          <ActionRow
            href="/favorites"
            icon={ICONS.heart}
            title="My Favorites"
            subtitle={favorites === undefined ? "Counting saved items…" : savedItems(favorites)}
          />
          <ActionRow
            onClick={() => setEditing("edit")}
            icon={ICONS.edit}
            title="Edit Profile"
            subtitle="Name, home location and bio"
            dialog
          />
          <ActionRow
            onClick={() => setEditing("settings")}
            icon={ICONS.settings}
            title="Settings"
            subtitle="Profile details and your data"
            dialog
          />
          {user.isAdmin && (
            <ActionRow
              href="/admin/traffic"
              icon={ICONS.chart}
              title="Traffic Analytics"
              subtitle="Visitors, pages and live traffic"
            />
          )}
          <ActionRow
            href={helpMailto()}
            icon={ICONS.help}
            title="Help & Support"
            subtitle={`Write to ${SUPPORT_EMAIL}`}
          />
          <ActionRow
            onClick={() => setLegal("terms")}
            icon={ICONS.doc}
            title="Terms of Service"
            subtitle="How LocalScope may be used"
            dialog
          />
          <ActionRow
            onClick={() => setLegal("privacy")}
            icon={ICONS.shield}
            title="Privacy Policy"
            subtitle="How we handle your data"
            dialog
          />
          <ActionRow
            onClick={() => void signOut()}
            icon={ICONS.out}
            title={signingOut ? "Signing out..." : "Sign Out"}
            subtitle={signedInAs(user)}
            disabled={signingOut}
            danger
          />
        </ul>
      </section>

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

function StatTile(props: { label: string; value: number | undefined; testId: string }) {
  return (
    <div className="flex flex-col-reverse rounded-xl bg-black/[0.03] px-1 py-3 dark:bg-white/5">
      <dt className="text-xs text-ink-soft">{props.label}</dt>
      <dd className="text-2xl font-bold text-primary" data-testid={props.testId}>
        {props.value === undefined ? (
          <>
            <span aria-hidden="true" className="ls-skeleton mx-auto block h-7 w-8" />
            <span className="sr-only">Loading</span>
          </>
        ) : (
          props.value.toLocaleString("en-US")
        )}
      </dd>
    </div>
  );
}

function ActionRow(props: {
  icon: ReactNode;
  title: string;
  subtitle: string;
  href?: string;
  onClick?: () => void;
  dialog?: boolean;
  disabled?: boolean;
  danger?: boolean;
}) {
  const body = (
    <>
      <span
        aria-hidden="true"
        className={`inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full ${props.danger ? "bg-red-100 text-red-700 dark:bg-red-900/50 dark:text-red-200" : "bg-black/5 text-ink dark:bg-white/10"}`}
      >
        {props.icon}
      </span>
      <span className="flex min-w-0 flex-1 flex-col">
        <span className={`font-medium ${props.danger ? "text-red-700 dark:text-red-300" : ""}`}>{props.title}</span>
        <span className="truncate text-sm text-ink-soft">{props.subtitle}</span>
      </span>
      {ICONS.chevron}
    </>
  );
  const row =
    "flex w-full items-center gap-3 px-5 py-3 text-left hover:bg-black/5 dark:hover:bg-white/5 focus-ring disabled:opacity-60";
  return (
    <li>
      {props.href ? (
        <a href={props.href} className={row}>
          {body}
        </a>
      ) : (
        <button
          type="button"
          onClick={props.onClick}
          disabled={props.disabled}
          aria-haspopup={props.dialog ? "dialog" : undefined}
          className={row}
        >
          {body}
        </button>
      )}
    </li>
  );
}

export default withQuery(ProfileView);
