/** One job: an import's summary (what was read, stored, merged and skipped) and its one-line report. */

export interface ImportSummary {
  dataset: string;
  stateCode: string;
  read: number;
  inserted: number;
  updated: number;
  merged: number;
  skipped: Record<string, number>;
  /** Kept, but marked as chains (not local) by the chain rule: a name repeated across states (filters.ts REPEATED). */
  chains?: number;
}

/** A summary of an import that has read nothing yet. */
export const emptySummary = (dataset: string, stateCode: string): ImportSummary => ({
  dataset,
  stateCode,
  read: 0,
  inserted: 0,
  updated: 0,
  merged: 0,
  skipped: {},
});

export function formatSummary(s: ImportSummary): string {
  const skipped = Object.entries(s.skipped)
    .sort((a, b) => b[1] - a[1])
    .map(([reason, n]) => `${n.toLocaleString("en-US")} ${reason}`)
    .join(", ");
  const totalSkipped = Object.values(s.skipped).reduce((a, b) => a + b, 0);
  return (
    `${s.dataset} ${s.stateCode}: read ${s.read.toLocaleString("en-US")}, imported ${s.inserted.toLocaleString("en-US")} new, ` +
    `updated ${s.updated.toLocaleString("en-US")}, merged ${s.merged.toLocaleString("en-US")} into existing places, skipped ${totalSkipped.toLocaleString("en-US")}` +
    (skipped ? ` (${skipped})` : "") +
    (s.chains ? `; ${s.chains.toLocaleString("en-US")} marked as chains by a name repeated across states` : "")
  );
}
