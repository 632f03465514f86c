import { useQuery, useQueryClient } from "@tanstack/react-query";
import { SourceLine } from "../components/SourceLine";
import { LoadMoreButton, useCategoryCity, useLoadMore } from "../components/category-view";
import type { HistoryEntry } from "../components/places";
import { Badge, QueryStates, SkeletonList, staggerStyle } from "../components/ui";
import { historyQuery, moreHistory } from "../queries";
import type { SelectedCity } from "../state";
import { withQuery } from "../query-client";

export const HISTORY_SKELETONS = 6;

/** Category page "historical": the city's history entries and "Show More History". */
function CategoryHistory(props: { city: SelectedCity; categoryId: number; slug: string }) {
  const city = useCategoryCity(props);
  const queryClient = useQueryClient();
  const query = historyQuery(queryClient, city);
  const result = useQuery(query);
  const more = useLoadMore(
    query.queryKey,
    () => moreHistory(city),
    (e: HistoryEntry) => `${e.id}|${e.title}`,
    {
      noneTitle: "No additional history available",
      noneDescription: "You've explored all available historical information for this area.",
      loaded: (n) => `${n} more historical entries loaded!`,
      noun: "history",
    },
  );
  const unavailable = {
    title: "No Historical Information Found",
    text: `Historical information for ${city.name}, ${city.stateCode} couldn't be loaded.`,
  };

  return (
    <section aria-labelledby="view-heading">
      <h2 id="view-heading" className="text-2xl font-bold">
        History of {city.name}
      </h2>
      <div className="mt-4">
        <QueryStates
          query={result}
          loading={<SkeletonList count={HISTORY_SKELETONS} itemClassName="h-56 card" label="Loading history…" />}
          error={unavailable}
          empty={unavailable}
        >
          {(data) => (
            <>
              <ol className="flex flex-col gap-4" data-testid="history-entries">
                {data.map((entry, i) => (
                  <li
                    key={`${entry.id}-${i}`}
                    className="ls-card-in"
                    style={staggerStyle(i)}
                    data-testid="category-card"
                  >
                    <article className="card p-5" aria-labelledby={`history-${i}`}>
                      <div className="flex flex-wrap items-center gap-2 text-sm">
                        <Badge colour="amber">{entry.category}</Badge>
                        <span className="font-medium text-ink-soft">{entry.period}</span>
                      </div>
                      <h3 id={`history-${i}`} className="mt-2 text-lg font-semibold">
                        {entry.title}
                      </h3>
                      {entry.nearby ? (
                        <p className="text-sm font-medium text-ink-soft" data-testid="history-nearby">
                          {entry.nearby}
                        </p>
                      ) : null}
                      <p className="mt-2 whitespace-pre-line">{entry.content}</p>
                      <p className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-900/30 dark:text-amber-50">
                        <strong>Historical Significance:</strong> {entry.significance}
                      </p>
                      <SourceLine source={entry.source} className="mt-2" />
                    </article>
                  </li>
                ))}
              </ol>
              <LoadMoreButton more={more} label="Show More History" busyLabel="Loading more history…" />
            </>
          )}
        </QueryStates>
      </div>
    </section>
  );
}

export default withQuery(CategoryHistory);
