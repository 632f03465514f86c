/**
 * The city picker's suggestions through the query cache (debounced text in, results out). The picker
 * loads this part on demand, when the search box is focused or pointed at, so the home page itself ships
 * no query library (decision 014).
 */
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiRequest } from "../api";
import { withQuery } from "../query-client";
import type { CitySuggestion } from "../../modules/cities";

/** One suggestion as GET /api/cities/search answers it (a SelectedCity and more). */
export type Suggestion = CitySuggestion;

export interface SuggestionState {
  /** The text these results are for: the picker ignores a report made for an older text. */
  query: string;
  data: Suggestion[] | undefined;
  /** True while `data` still holds the previous text's results (shown, but not chosen by Enter). */
  stale: boolean;
  isFetching: boolean;
  isError: boolean;
  refetch: () => void;
}

export default withQuery(function CitySuggestions(props: {
  query: string;
  limit: number;
  onChange: (state: SuggestionState) => void;
}) {
  const { query, limit, onChange } = props;
  const { data, isFetching, isError, isPlaceholderData, refetch } = useQuery({
    queryKey: ["cities/search", query],
    queryFn: ({ signal }) =>
      apiRequest<Suggestion[]>(
        "GET",
        `/api/cities/search?q=${encodeURIComponent(query)}&limit=${limit}`,
        undefined,
        signal,
      ),
    enabled: query.length > 0,
    placeholderData: keepPreviousData,
  });
  useEffect(
    () => onChange({ query, data, stale: isPlaceholderData, isFetching, isError, refetch: () => void refetch() }),
    [query, data, isPlaceholderData, isFetching, isError, refetch, onChange],
  );
  return null;
});
