import { LRUCache } from "lru-cache";

/**
 * One job: a function of a text whose answers are kept for the `max` texts last asked (lru-cache, as every cache
 * of the project). For the keys an import works out from the same titles many times a record.
 */
export function keptPerText<T extends {}>(compute: (text: string) => T, max: number): (text: string) => T {
  const kept = new LRUCache<string, T>({ max });
  return (text) => {
    let value = kept.get(text);
    if (value === undefined) {
      value = compute(text);
      kept.set(text, value);
    }
    return value;
  };
}
