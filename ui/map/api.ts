import { apiRequest, ApiError } from "../api";
import { MAP_RULES, type Place } from "./state";

/** One endpoint's page. Map place calls send no credentials (docs/product.md#accounts); failures keep their status for the retry rules. */
async function fetchList(
  kind: "nearby" | "featured",
  city: { name: string; stateCode: string },
  offset: number,
  signal?: AbortSignal,
): Promise<Place[]> {
  const query = new URLSearchParams({
    city: city.name,
    state: city.stateCode,
    count: String(MAP_RULES.pageSize),
    offset: String(offset),
  });
  try {
    const data = await apiRequest<unknown>("GET", `/api/places/${kind}?${query}`, undefined, {
      signal,
      credentials: "omit",
    });
    return Array.isArray(data) ? (data as Place[]) : [];
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    const message = kind === "nearby" ? "Failed to fetch nearby places" : "Failed to fetch featured places";
    throw error instanceof ApiError ? new ApiError(error.status, message, error.errors) : new Error(message);
  }
}

/**
 * One map batch: nearby and featured asked together at the same offset, nearby first. If only one of the
 * two fails, the other's places are still used (and the failure logged); the batch fails when both do.
 */
export async function fetchMapBatch(
  city: { name: string; stateCode: string },
  offset: number,
  signal?: AbortSignal,
): Promise<Place[]> {
  const [nearby, featured] = await Promise.allSettled([
    fetchList("nearby", city, offset, signal),
    fetchList("featured", city, offset, signal),
  ]);
  if (nearby.status === "rejected" && featured.status === "rejected") throw nearby.reason;
  const places: Place[] = [];
  for (const result of [nearby, featured]) {
    if (result.status === "fulfilled") places.push(...result.value);
    else if (!signal?.aborted) console.warn("LocalScope map:", (result.reason as Error)?.message ?? result.reason);
  }
  return places;
}
