import { useMutation, useQueryClient, type QueryKey, type UseMutationResult } from "@tanstack/react-query";
import { useSetAtom } from "jotai";
import { useEffect } from "react";
import { ApiError } from "../api";
import { trackActivity, useCity, useCitySync } from "../queries";
import { showToastAtom, type SelectedCity } from "../state";
import { BUTTON } from "./ui";

/** A category view's city (kept in sync, no polling); records "category_explored" for it. */
export function useCategoryCity(props: { city: SelectedCity; categoryId: number; slug: string }): SelectedCity {
  const city = useCity(props.city);
  useCitySync(Infinity);
  useEffect(() => {
    trackActivity({
      activityType: "category_explored",
      cityName: city.name,
      cityState: city.stateCode,
      categoryId: props.categoryId,
      activityData: { slug: props.slug },
    });
  }, [city.name, city.stateCode, props.categoryId, props.slug]);
  return city;
}

/** The toasts of a "Show More …" button. */
export interface LoadMoreText {
  /** Nothing new came back. */
  noneTitle: string;
  noneDescription: string;
  loaded: (count: number) => string;
  /** What is loaded, in "load more {noun}". */
  noun: string;
}

/**
 * "Show More …": fetches more items, appends those not already in the query's list (by `identity`)
 * and says how many came, or that none did; 401 asks to log in, other failures say to try later.
 */
export function useLoadMore<T>(
  queryKey: QueryKey,
  fetchMore: () => Promise<T[]>,
  identity: (item: T) => string,
  text: LoadMoreText,
) {
  const queryClient = useQueryClient();
  const showToast = useSetAtom(showToastAtom);
  return useMutation({
    mutationFn: fetchMore,
    onSuccess: (items) => {
      const known = new Set((queryClient.getQueryData<T[]>(queryKey) ?? []).map(identity));
      const fresh = items.filter((item) => !known.has(identity(item)));
      if (fresh.length === 0) {
        showToast({ title: text.noneTitle, description: text.noneDescription });
        return;
      }
      queryClient.setQueryData<T[]>(queryKey, (old = []) => [...old, ...fresh]);
      showToast({ title: text.loaded(fresh.length) });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401)
        showToast({ title: "Please log in", description: `You need to be logged in to load more ${text.noun}.` });
      else
        showToast({
          title: `Failed to load more ${text.noun}`,
          description: "Please try again later.",
          variant: "destructive",
        });
    },
  });
}

/** The centred "Show More …" button under a list; busy while loading. */
export function LoadMoreButton(props: {
  more: UseMutationResult<unknown, Error, void>;
  label: string;
  busyLabel: string;
}) {
  const { more } = props;
  return (
    <div className="mt-6 flex justify-center">
      <button
        type="button"
        className={BUTTON}
        disabled={more.isPending}
        aria-busy={more.isPending || undefined}
        onClick={() => !more.isPending && more.mutate()}
      >
        {more.isPending ? props.busyLabel : props.label}
      </button>
    </div>
  );
}
