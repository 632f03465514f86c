/**
 * Home's lists loaded in the browser (a city change, or places the server could not have ready in time),
 * through the query cache. Loaded on demand: the home page itself ships no query library (decision 014).
 */
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LOCAL_GEMS_DELAY_MS, localGemsQuery, nearbyQuery } from "../queries";
import { withQuery } from "../query-client";
import { GEMS_TEXTS, GemsLoading, GemsResult, HOME_GEMS_COUNT, HOME_NEARBY_COUNT, NEARBY_TEXTS, NearbyResult, nearbySkeletons, type HomeListProps, type HomeSeed } from "./home-lists";
import { QueryStates } from "./ui";

/** The server's rows go into the cache as of the page's load, so they stay fresh for the list's 30 min. */
function useSeed(queryKey: readonly unknown[], seed: HomeSeed) {
  const client = useQueryClient();
  useState(() => {
    if (seed.places && client.getQueryData(queryKey) === undefined) client.setQueryData(queryKey, seed.places, { updatedAt: performance.timeOrigin });
    return null;
  });
}

export const LiveNearby = withQuery(function LiveNearby(props: HomeListProps) {
  useSeed(nearbyQuery(props.seed.city, HOME_NEARBY_COUNT).queryKey, props.seed);
  const query = useQuery(nearbyQuery(props.city, HOME_NEARBY_COUNT));
  return (
    <QueryStates query={query} loading={nearbySkeletons()} error={NEARBY_TEXTS.error}>
      {(data) => <NearbyResult places={data} onOpen={props.onOpen} />}
    </QueryStates>
  );
});

/**
 * Local gems start 1 s after the screen appeared or the city changed (`since`, on the page's clock, kept
 * by the island: this part may arrive later than that), so that nearby places go first.
 */
export const LiveGems = withQuery(function LiveGems(props: HomeListProps & { since: number }) {
  useSeed(localGemsQuery(props.seed.city, HOME_GEMS_COUNT).queryKey, props.seed);
  const key = `${props.city.name}|${props.city.stateCode}`;
  const [startedFor, setStartedFor] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setStartedFor(key), Math.max(0, LOCAL_GEMS_DELAY_MS - (performance.now() - props.since)));
    return () => clearTimeout(timer);
  }, [key, props.since]);
  const query = useQuery({ ...localGemsQuery(props.city, HOME_GEMS_COUNT), enabled: startedFor === key });
  const waiting = startedFor !== key && !query.data;
  return (
    <QueryStates query={query} waiting={waiting} loading={<GemsLoading waiting={waiting} />} error={GEMS_TEXTS.error}>
      {(data) => <GemsResult places={data} onOpen={props.onOpen} />}
    </QueryStates>
  );
});
