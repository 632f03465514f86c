/**
 * The embedded libSQL driver frees a statement (and its copies of the bound values) only when the garbage
 * collector finalises the statement's JS wrapper, and the collector does not see that native memory. An import
 * of 20,000 rows grew the process by ~100 MB per pass and kept it (measured: 60,000 inserts in 14 s and
 * +380 MB; with a collection and one event-loop turn every few batches, 7 s and +13 MB). So importers report
 * the statements they ran, and after every ~1,600 the process collects and lets the finalisers run — after
 * every ~800 while the process is above HIGH_RSS (a big state in a server that already holds its caches).
 * New York re-imported in a server that four clients kept busy (side by side with the old code, same load):
 * 604 → 460 MB peak, 27 → 30 s while it answered 412 list requests instead of 212. Without the pressure
 * mode: 666 MB; from 320 MB: 453 MB but twice as long. Collecting that often always cost ~10 % more CPU on
 * a small state (Nevada), so only memory pressure asks for it.
 */
let statementsSinceCollect = 0;
const EVERY = 1600;
const EVERY_UNDER_PRESSURE = 800;
const HIGH_RSS = 384 * 1024 * 1024;

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
