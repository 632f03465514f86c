/**
 * Home's lists loaded in the browser (a city change, or places the server could not have ready in time),
 * through the query cache. Loaded on demand: the home page itself ships no query library (decision 014).
 */
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { LOCAL_GEMS_DELAY_MS, localGemsQuery, nearbyQuery, type CityRef } from "../queries";
import { withQuery } from "../query-client";
import {
  GEMS_TEXTS,
  GemsLoading,
  GemsResult,
  HOME_GEMS_COUNT,
  HOME_NEARBY_COUNT,
  NEARBY_TEXTS,
  NearbyResult,
  nearbySkeletons,
  sameCity,
  type LiveListProps,
} from "./home-lists";
import { QueryStates } from "./ui";

/** The server's rows are the cache's first answer for their city, as of the page's load (fresh for 30 min). */
const seeded = (seed: LiveListProps["seed"], city: CityRef) =>
  seed.places && sameCity(seed.city, city)
    ? { initialData: seed.places, initialDataUpdatedAt: performance.timeOrigin }
    : {};

export const LiveNearby = withQuery(function LiveNearby(props: LiveListProps) {
  const query = useQuery({ ...nearbyQuery(props.city, HOME_NEARBY_COUNT), ...seeded(props.seed, props.city) });
  return (
    <QueryStates query={query} loading={nearbySkeletons()} error={NEARBY_TEXTS.error}>
      {(data) => <NearbyResult places={data} onOpen={props.onOpen} />}
    </QueryStates>
  );
});

/** Local gems start 1 s after `since` (the screen appearing or the city changing), so that nearby places go first. */
export const LiveGems = withQuery(function LiveGems(props: LiveListProps) {
  const key = `${props.city.name}|${props.city.stateCode}`;
  const [startedFor, setStartedFor] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(
      () => setStartedFor(key),
      Math.max(0, LOCAL_GEMS_DELAY_MS - (performance.now() - props.since)),
    );
    return () => clearTimeout(timer);
  }, [key, props.since]);
  const query = useQuery({
    ...localGemsQuery(props.city, HOME_GEMS_COUNT),
    ...seeded(props.seed, props.city),
    enabled: startedFor === key,
  });
  const waiting = startedFor !== key && !query.data;
  return (
    <QueryStates query={query} waiting={waiting} loading={<GemsLoading waiting={waiting} />} error={GEMS_TEXTS.error}>
      {(data) => <GemsResult places={data} onOpen={props.onOpen} />}
    </QueryStates>
  );
});
