import { apiRequest } from "../api";
import type { Profile } from "../components/account";
import type { ProfileStats } from "../../modules/activity";

/** What the profile screen reads: the saved home location, the stats and the favorites count. */

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
