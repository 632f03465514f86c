/**
 * Dropping some entries of an LRU cache (docs/decisions/016-one-cache-library.md) rather than clearing it: a
 * change of one state's places drops the entries built on them, and every other entry stays warm.
 */

/** A cache's fetches under way, by key: an LRU cache lists only its settled entries. */
export class Pending<K> {
  private readonly running = new Map<K, number>();
  async run<T>(key: K, work: () => Promise<T>): Promise<T> {
    this.running.set(key, (this.running.get(key) ?? 0) + 1);
    try {
      return await work();
    } finally {
      const left = this.running.get(key)! - 1;
      if (left) this.running.set(key, left);
      else this.running.delete(key);
    }
  }
  keys(): IterableIterator<K> {
    return this.running.keys();
  }
}

/** What dropWhere needs of an LRU cache. */
interface Dropping<K, V> {
  keys(): Iterable<K>;
  peek(key: K, options?: { allowStale?: boolean }): V | undefined;
  delete(key: K): boolean;
}

/**
 * Delete the entries of `cache` that `drop` picks by key (and value, when settled), the fetches under way
 * included (`pending`): deleting one keeps its answer out of the cache (ignoreFetchAbort), as clear() does.
 */
export function dropWhere<K, V>(
  cache: Dropping<K, V>,
  drop: (key: K, value: V | undefined) => boolean,
  pending?: Pending<K>,
): void {
  const keys = new Set<K>(cache.keys());
  for (const key of pending?.keys() ?? []) keys.add(key);
  for (const key of keys) if (drop(key, cache.peek(key, { allowStale: true }))) cache.delete(key);
}
