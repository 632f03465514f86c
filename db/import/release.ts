/**
 * The embedded libSQL driver frees a statement (and its copies of the bound values) only when the garbage
 * collector finalises the statement's JS wrapper, and the collector does not see that native memory. An import
 * of 20,000 rows grew the process by ~100 MB per pass and kept it (measured: 60,000 inserts in 14 s and
 * +380 MB; with a collection and one event-loop turn every few batches, 7 s and +13 MB). So importers report
 * the statements they ran, and after every ~1,600 the process collects (when its memory grew: collectWhenGrown)
 * and lets the finalisers run.
 * Measured side by side with the old code (same load, bench:data): the background import of every state peaked
 * at 394 MB (server) and 491 MB (server + split child) instead of 520 / 579, 519 s instead of 496 s; New York
 * re-imported on demand in a server that four clients kept busy peaked at 453 MB instead of 605 MB but took
 * 43 s instead of 22 s (answering 496 list requests meanwhile instead of 216). From 384 MB: New York 460 MB
 * in 30 s against 27 s, but server + child reached 526 MB; without the pressure mode New York reached 666 MB.
 * Collecting that often always cost ~10 % more CPU on a small state (Nevada).
 */
let statementsSinceCollect = 0;
const EVERY = 1600;

export async function releaseStatements(count: number): Promise<void> {
  statementsSinceCollect += count;
  if (statementsSinceCollect < EVERY) return;
  statementsSinceCollect = 0;
  collectWhenGrown();
  await new Promise((resolve) => setTimeout(resolve, 1));
}

let rssAfterCollect = 0;
/** Growth of RSS since the last collection after which collectWhenGrown collects. */
const GROWTH = 48 * 1024 * 1024;
/**
 * A full collection once RSS has grown by GROWTH since the last one (or since it was lowest after it): the
 * statements' native memory and a stream's dropped slices stay within GROWTH of what is live, without paying
 * a collection of the whole heap every ~1,600 rows or every slice when nothing piled up. Measured on the
 * first background import of every state (docs/decisions/067-a-faster-first-import.md): the collections
 * had been about a third of its CPU time.
 */
export function collectWhenGrown(): void {
  const rss = process.memoryUsage.rss();
  if (rss < rssAfterCollect) rssAfterCollect = rss;
  if (rss < rssAfterCollect + GROWTH) return;
  (globalThis as { Bun?: { gc(force: boolean): void } }).Bun?.gc(true);
  rssAfterCollect = process.memoryUsage.rss();
}

/** Collect now (after a one-off bulk write such as the cities import). */
export const releaseNow = () => releaseStatements(EVERY);
