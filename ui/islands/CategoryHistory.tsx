import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useEffect } from "react";
import { ApiError } from "../api";
import type { HistoryEntry } from "../components/places";
import { Badge, BUTTON, BUTTON_SOFT, SkeletonList, StateMessage, staggerStyle } from "../components/ui";
import { historyQuery, moreHistory, trackActivity, useCity, useCitySync } from "../queries";
import { showToastAtom, type SelectedCity } from "../state";

export const HISTORY_SKELETONS = 6;

/** Category page "historical": the city's history entries and "Show More History". */
export default function CategoryHistory(props: { city: SelectedCity; categoryId: number; slug: string }) {
  const city = useCity(props.city);
  useCitySync(Infinity);
  const queryClient = useQueryClient();
  const showToast = useSetAtom(showToastAtom);
  const query = historyQuery(queryClient, city);
  const { data, isPending, isError, refetch, isFetching } = useQuery(query);

  useEffect(() => {
    trackActivity({ activityType: "category_explored", cityName: city.name, cityState: city.stateCode, categoryId: props.categoryId, activityData: { slug: props.slug } });
  }, [city.name, city.stateCode, props.categoryId, props.slug]);

  const more = useMutation({
    mutationFn: () => moreHistory(city),
    onSuccess: (entries) => {
      const known = new Set((queryClient.getQueryData<HistoryEntry[]>(query.queryKey) ?? []).map((e) => `${e.id}|${e.title}`));
      const fresh = entries.filter((e) => !known.has(`${e.id}|${e.title}`));
      if (fresh.length === 0) {
        showToast({ title: "No additional history available", description: "You've explored all available historical information for this area." });
        return;
      }
      queryClient.setQueryData<HistoryEntry[]>(query.queryKey, (old = []) => [...old, ...fresh]);
      showToast({ title: `${fresh.length} more historical entries loaded!` });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) showToast({ title: "Please log in", description: "You need to be logged in to load more history." });
      else showToast({ title: "Failed to load more history", description: "Please try again later.", variant: "destructive" });
    },
  });

  return (
    <section aria-labelledby="view-heading">
      <h2 id="view-heading" className="text-2xl font-bold">
        History of {city.name}
      </h2>
      <div className="mt-4">
        {isPending ? (
          <SkeletonList count={HISTORY_SKELETONS} itemClassName="h-56 card" label="Loading history…" />
        ) : isError || data.length === 0 ? (
          <StateMessage
            kind={isError ? "error" : "empty"}
            title="No Historical Information Found"
            text={`Historical information for ${city.name}, ${city.stateCode} couldn't be loaded.`}
            action={
              isError ? (
                <button type="button" className={BUTTON_SOFT} disabled={isFetching} onClick={() => void refetch()}>
                  Try Again
                </button>
              ) : undefined
            }
          />
        ) : (
          <>
            <ol className="flex flex-col gap-4" data-testid="history-entries">
              {data.map((entry, i) => (
                <li key={`${entry.id}-${i}`} className="ls-card-in" style={staggerStyle(i)} data-testid="category-card">
                  <article className="card p-5" aria-labelledby={`history-${i}`}>
                    <div className="flex flex-wrap items-center gap-2 text-sm">
                      <Badge colour="amber">{entry.category}</Badge>
                      <span className="font-medium text-ink-soft">{entry.period}</span>
                    </div>
                    <h3 id={`history-${i}`} className="mt-2 text-lg font-semibold">
                      {entry.title}
                    </h3>
                    <p className="mt-2 whitespace-pre-line">{entry.content}</p>
                    <p className="mt-3 rounded-xl bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-900/30 dark:text-amber-50">
                      <strong>Historical Significance:</strong> {entry.significance}
                    </p>
                  </article>
                </li>
              ))}
            </ol>
            <div className="mt-6 flex justify-center">
              <button type="button" className={BUTTON} disabled={more.isPending} aria-busy={more.isPending || undefined} onClick={() => !more.isPending && more.mutate()}>
                {more.isPending ? "Loading more history…" : "Show More History"}
              </button>
            </div>
          </>
        )}
      </div>
    </section>
  );
}
