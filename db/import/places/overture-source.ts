/** Overture Maps Places as a data source (decision 024); kept apart from the DuckDB reader so /about can name it cheaply. */
export const OVERTURE_SOURCE = { key: "overture", licence: "CDLA-Permissive-2.0" } as const;
export const OVERTURE_ATTRIBUTION = {
  name: "Overture Maps Foundation — Places",
  licence: "CDLA-Permissive-2.0",
  attribution:
    "Places data © Overture Maps Foundation, available under the Community Data License Agreement – Permissive 2.0 (imported by this site's operator).",
  url: "https://docs.overturemaps.org/guides/places/",
};
