import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useRef, useState } from "react";
import { TabList } from "../components/tabs";
import { apiRequest, ApiError } from "../api";
import {
  DEFAULT_TAB,
  describeFavorite,
  FAVORITE_TABS,
  groupFavorites,
  type FavoriteRecord,
  type TabKey,
} from "../components/favorites";
import { BackLink } from "../components/back-link";
import { StateMessage } from "../components/ui";
import { favoritesQuery, type Favorite } from "../queries";
import { LOCATION_COOKIE, persistCity, showToastAtom, STORAGE_KEYS, type SelectedCity } from "../state";
import { withQuery } from "../query-client";

/**
 * The favorites screen (docs/product.md "Favorites", docs/product.md#favorites): 'Loading favorites...', the empty
 * state, six tabs (cities first, places filed by category), per-tab empty texts, city items that switch the chosen city and go home, and a
 * filled-heart remove button per item, disabled while its removal is pending.
 */
function FavoritesView() {
  const list = favoritesQuery();
  const { data, isPending, isError, refetch, isFetching } = useQuery(list);
  const [tab, setTab] = useState<TabKey>(DEFAULT_TAB);
  const panel = useRef<HTMLDivElement>(null);

  const header = (
    <div className="flex items-center gap-2">
      <BackLink />
      <h1 className="text-xl font-bold">Favorites</h1>
    </div>
  );

  if (isPending) {
    return (
      <div className="flex flex-col gap-4">
        {header}
        <p role="status" className="card px-5 py-8 text-center text-ink-soft" data-testid="favorites-loading">
          Loading favorites...
        </p>
      </div>
    );
  }
  if (isError) {
    return (
      <div className="flex flex-col gap-4">
        {header}
        <StateMessage
          kind="error"
          title="Something went wrong"
          text="Your favorites could not be loaded."
          action={
            <button
              type="button"
              onClick={() => void refetch()}
              disabled={isFetching}
              className="rounded-full bg-primary px-5 py-2 font-medium text-white hover:bg-primary-dark focus-ring disabled:opacity-60"
            >
              {isFetching ? "Trying again..." : "Try again"}
            </button>
          }
        />
      </div>
    );
  }
  if (data.length === 0) {
    return (
      <div className="flex flex-col gap-4">
        {header}
        <StateMessage
          kind="empty"
          title="No Favorites Yet"
          text="Start exploring and save your favorite cities, activities, and fun facts!"
          testId="favorites-empty"
          action={
            <a
              href="/"
              className="inline-flex rounded-full bg-primary px-5 py-2 font-medium text-white hover:bg-primary-dark focus-ring"
            >
              Explore Places
            </a>
          }
        />
      </div>
    );
  }

  const groups = groupFavorites(data);
  const current = FAVORITE_TABS.find((t) => t.key === tab)!;
  const items = groups[tab];

  return (
    <div className="flex flex-col gap-4">
      {header}
      <TabList
        label="Favorite types"
        idPrefix="favorites-tab"
        panelId="favorites-panel"
        tabs={FAVORITE_TABS.map((t) => ({
          key: t.key,
          label: (
            <>
              {t.label} <span className={t.key === tab ? "text-white" : "text-ink-soft"}>({groups[t.key].length})</span>
            </>
          ),
        }))}
        selected={tab}
        onSelect={setTab}
      />
      <div
        ref={panel}
        role="tabpanel"
        id="favorites-panel"
        aria-labelledby={`favorites-tab-${tab}`}
        tabIndex={-1}
        className="outline-none"
        data-testid="favorites-panel"
      >
        {items.length === 0 ? (
          <p className="card px-5 py-8 text-center text-ink-soft" data-testid="tab-empty">
            {current.empty}
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {items.map((favorite) => (
              <FavoriteItem key={favorite.id} favorite={favorite} onRemoved={() => panel.current?.focus()} />
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function FavoriteItem(props: { favorite: Favorite; onRemoved: () => void }) {
  const { favorite } = props;
  const view = describeFavorite(favorite as FavoriteRecord);
  const queryClient = useQueryClient();
  const showToast = useSetAtom(showToastAtom);
  const [opening, setOpening] = useState(false);

  const remove = useMutation({
    mutationFn: async () => {
      try {
        await apiRequest<void>("DELETE", `/api/favorites/${favorite.id}`);
      } catch (error) {
        // Already gone (removed in another tab): the goal is reached.
        if (error instanceof ApiError && error.status === 404) return;
        // The status stays, so that only server and network failures are retried (section 9).
        throw error instanceof ApiError
          ? new ApiError(error.status, "Failed to remove favorite")
          : new Error("Failed to remove favorite");
      }
    },
    onSuccess: () => {
      queryClient.setQueryData<Favorite[]>(favoritesQuery().queryKey, (old = []) =>
        old.filter((f) => f.id !== favorite.id),
      );
      void queryClient.invalidateQueries({ queryKey: ["favorites"], refetchType: "none" });
      showToast({ title: "Removed from favorites", description: "Item has been removed from your favorites." });
      props.onRemoved();
    },
    onError: () =>
      showToast({ title: "Error", description: "Failed to remove item from favorites.", variant: "destructive" }),
  });

  async function explore() {
    if (!view.location || opening) return;
    setOpening(true);
    const text = `${view.location.city}, ${view.location.stateCode}`;
    try {
      const [match] = await apiRequest<SelectedCity[]>(
        "GET",
        `/api/cities/search?q=${encodeURIComponent(text)}&limit=1`,
      );
      if (match && match.name === view.location.city && match.stateCode === view.location.stateCode) persistCity(match);
      else storeLocationText(text);
    } catch {
      storeLocationText(text);
    }
    location.assign("/");
  }

  const heading = view.href ? (
    <a href={view.href} className="rounded font-semibold hover:text-primary hover:underline focus-ring">
      {view.title}
    </a>
  ) : (
    <span className="font-semibold">{view.title}</span>
  );

  return (
    <li className="card flex items-start gap-3 p-4" data-testid="favorite-item" data-item-type={favorite.itemType}>
      {favorite.itemType === "city" ? (
        <button
          type="button"
          onClick={() => void explore()}
          disabled={!view.location || opening}
          aria-busy={opening || undefined}
          className="flex min-w-0 flex-1 flex-col rounded-lg text-left focus-ring"
        >
          <span className="font-semibold">{view.title}</span>
          <span className="text-sm text-ink-soft">{opening ? "Opening..." : view.label}</span>
        </button>
      ) : (
        <div className="flex min-w-0 flex-1 flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            {heading}
            <span className="rounded-full bg-black/5 px-2 py-0.5 text-xs font-medium text-ink-soft dark:bg-white/10">
              {view.label}
            </span>
          </div>
          {view.where && <p className="text-sm text-ink-soft">{view.where}</p>}
          {view.text && <p className="text-sm text-ink-soft">{view.text}</p>}
        </div>
      )}
      <button
        type="button"
        onClick={() => remove.mutate()}
        disabled={remove.isPending}
        aria-busy={remove.isPending || undefined}
        aria-label={`Remove ${view.title} from favorites`}
        data-tooltip="Remove from favorites"
        className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full text-red-600 hover:bg-black/5 focus-ring disabled:cursor-wait disabled:opacity-50 dark:text-red-400 dark:hover:bg-white/10"
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="currentColor"
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10Z" />
        </svg>
      </button>
    </li>
  );
}

/** Without the city's details, the "City, ST" text alone: the server resolves the cookie on the next page. */
function storeLocationText(text: string) {
  try {
    localStorage.setItem(STORAGE_KEYS.location, text);
  } catch {
    // The cookie still carries it.
  }
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${LOCATION_COOKIE}=${encodeURIComponent(text)}; Path=/; Max-Age=31536000; SameSite=Lax${secure}`;
}

export default withQuery(FavoritesView);
