import { useQuery } from "@tanstack/react-query";
import { GemRows, RowSkeletons, usePlaceDialog } from "../components/PlaceRows";
import { BUTTON, QueryStates } from "../components/ui";
import { localGemsQuery, POLL_HOME_MS, seededList, useCity, useCitySync } from "../queries";
import type { Place } from "../components/places";
import type { SelectedCity } from "../state";
import { withQuery } from "../query-client";

export const LOCAL_GEMS_PAGE_COUNT = 12;

/** /local-gems: downtown businesses (12), polling the city every 500 ms. */
function LocalGemsList(props: { city: SelectedCity; initial?: Place[] | null }) {
  const city = useCity(props.city);
  useCitySync(POLL_HOME_MS);
  const query = useQuery(seededList(localGemsQuery(city, LOCAL_GEMS_PAGE_COUNT), props.city, city, props.initial));
  const { data } = query;
  const { open, dialog } = usePlaceDialog(city);
  return (
    <section aria-labelledby="page-heading">
      <h1 id="page-heading" className="text-2xl font-bold">
        Local Gems
      </h1>
      <p className="mt-1 text-ink-soft">Downtown {city.name}</p>
      <p className="mt-1 h-5 text-sm font-medium" data-testid="gems-count">
        {data && data.length > 0 ? `${data.length} downtown businesses in ${city.name}` : ""}
      </p>
      <div className="mt-4">
        <QueryStates
          query={query}
          loading={<RowSkeletons count={LOCAL_GEMS_PAGE_COUNT} label="Loading local gems…" />}
          error={{
            title: "Failed to Load Local Gems",
            text: "Please try again or check your connection.",
            action: (
              <button type="button" className={BUTTON} onClick={() => location.reload()}>
                Try Again
              </button>
            ),
          }}
          empty={{ title: "No Local Gems Yet", text: `We're discovering local businesses in ${city.name}!` }}
        >
          {(places) => <GemRows places={places} onOpen={open} />}
        </QueryStates>
      </div>
      {dialog}
    </section>
  );
}

export default withQuery(LocalGemsList);
