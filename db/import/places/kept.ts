/**
 * One job: a function of a text whose answers are kept for up to `max` texts (then the store starts again: a
 * few MB at most). For the keys an import works out from the same titles many times a record.
 */
export function keptPerText<T>(compute: (text: string) => T, max: number): (text: string) => T {
  const kept = new Map<string, T>();
  return (text) => {
    let value = kept.get(text);
    if (value === undefined) {
      if (kept.size >= max) kept.clear();
      value = compute(text);
      kept.set(text, value);
    }
    return value;
  };
}
