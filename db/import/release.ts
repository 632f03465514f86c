/**
 * The embedded libSQL driver frees a statement (and its copies of the bound values) only when the garbage
 * collector finalises the statement's JS wrapper, and the collector does not see that native memory. An import
 * of 20,000 rows grew the process by ~100 MB per pass and kept it (measured: 60,000 inserts in 14 s and
 * +380 MB; with a collection and one event-loop turn every few batches, 7 s and +13 MB). So importers report
 * the statements they ran, and after every ~1,600 the process collects and lets the finalisers run — after
 * every ~800 while the process is above HIGH_RSS (a big state in a server that already holds its caches).
 * Measured side by side with the old code (same load, bench:data): the background import of every state peaked
 * at 394 MB (server) and 491 MB (server + split child) instead of 520 / 579, 519 s instead of 496 s; New York
 * re-imported on demand in a server that four clients kept busy peaked at 453 MB instead of 605 MB but took
 * 43 s instead of 22 s (answering 496 list requests meanwhile instead of 216). From 384 MB: New York 460 MB
 * in 30 s against 27 s, but server + child reached 526 MB; without the pressure mode New York reached 666 MB.
 * Collecting that often always cost ~10 % more CPU on a small state (Nevada), so only memory pressure asks.
 */
let statementsSinceCollect = 0;
const EVERY = 1600;
const EVERY_UNDER_PRESSURE = 800;
const HIGH_RSS = 320 * 1024 * 1024;

export async function releaseStatements(count: number): Promise<void> {
  statementsSinceCollect += count;
  if (statementsSinceCollect < EVERY_UNDER_PRESSURE) return;
  if (statementsSinceCollect < EVERY && process.memoryUsage.rss() < HIGH_RSS) return;
  statementsSinceCollect = 0;
  (globalThis as { Bun?: { gc(force: boolean): void } }).Bun?.gc(true);
  await new Promise((resolve) => setTimeout(resolve, 1));
}

/**
 * A full collection when the process is above HIGH_RSS (a streamed reader after each slice it dropped): the
 * garbage of a file's slices otherwise piles up until the collector runs on its own (~150 MB for the GNIS
 * file), but a collection after every slice when memory is low only costs time (a test process holding a
 * large heap: ~100 ms each).
 */
export function collectUnderPressure(): void {
  if (process.memoryUsage.rss() >= HIGH_RSS) (globalThis as { Bun?: { gc(force: boolean): void } }).Bun?.gc(true);
}

/** Collect now (after a one-off bulk write such as the cities import). */
export const releaseNow = () => releaseStatements(EVERY);
