import type { ProfileStats } from "../../modules/activity";
import { locationText, type SelectedCity } from "../state";
import { ICONS } from "./icons";

/** The profile card: the initial, name, home location, member-since date, bio, the explored city and the stats. */
export function ProfileCard(props: {
  name: string;
  home: string | null;
  since: string;
  bio: string | undefined;
  city: SelectedCity;
  stats: { data: ProfileStats | undefined; isPending: boolean; isError: boolean };
  favorites: number | undefined;
  favoritesPending: boolean;
  onEdit: () => void;
}) {
  const { name, home, stats, favorites } = props;
  return (
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
              Member since {props.since}
            </p>
          </div>
          <button
            type="button"
            onClick={props.onEdit}
            aria-haspopup="dialog"
            className="inline-flex items-center gap-1.5 rounded-full px-4 py-2 text-sm font-semibold ring-1 ring-line hover:bg-black/5 dark:hover:bg-white/10 focus-ring"
          >
            {ICONS.edit}
            Edit Profile
          </button>
        </div>
        {props.bio && <p className="mt-3 whitespace-pre-line break-words">{props.bio}</p>}
        <p className="mt-3">
          <span
            className="inline-block rounded-full bg-black/5 px-3 py-1 text-sm font-medium dark:bg-white/10"
            data-testid="exploring-badge"
          >
            Exploring {locationText(props.city)}
          </span>
        </p>
        <dl
          className="mt-4 grid grid-cols-3 gap-2 text-center"
          aria-busy={stats.isPending || props.favoritesPending || undefined}
        >
          <StatTile label="Cities Explored" value={stats.data?.citiesExplored} testId="stat-cities" />
          <StatTile label="Favorites" value={favorites} testId="stat-favorites" />
          <StatTile label="Discoveries" value={stats.data?.discoveries} testId="stat-discoveries" />
        </dl>
        {stats.isError && <p className="mt-2 text-sm text-ink-soft">Statistics could not be loaded right now.</p>}
      </div>
    </section>
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
