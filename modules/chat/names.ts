/** Fuzzy matching of a place name as typed against the store's titles (word by word, one typo a word allowed). */
import { editDistance } from "../../src/domain/spelling";

const STOP = new Set(["the", "of", "and", "at", "a", "an", "in", "on", "for", "s"]);

/** A name's words: lowercased, accents and apostrophes dropped ("Utah's" → "utahs"), small words left out. */
export function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/['’]/g, "")
    .replace(/&/g, " and ")
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !STOP.has(w));
}

const sameWord = (a: string, b: string) =>
  a === b || (a.length >= 5 && b.length >= 5 && editDistance(a, b, 1) <= 1) || (a.length >= 4 && b.startsWith(a));

/**
 * How well a title matches the typed name, 0–1: the Dice coefficient over words (a typo a word forgiven), or
 * 0.8 when the title begins with every typed word of two or more ("August Wilson Center" for "August Wilson Center
 * for African American Culture"; not "Hyatt Centric Faneuil Hall Boston" for "Faneuil Hall": a hotel named after
 * a sight is not the sight). `partial: false` leaves that out: the title must match as a whole.
 */
export function nameScore(typed: string, title: string, partial = true): number {
  const asked = nameWords(typed);
  const words = nameWords(title);
  if (!asked.length || !words.length) return 0;
  const used = new Set<number>();
  let shared = 0;
  for (const a of asked) {
    const i = words.findIndex((w, k) => !used.has(k) && sameWord(a, w));
    if (i >= 0) {
      used.add(i);
      shared++;
    }
  }
  const dice = (2 * shared) / (asked.length + words.length);
  const head = asked.every((a, k) => words[k] !== undefined && sameWord(a, words[k]!));
  return partial && head && asked.length >= 2 ? Math.max(dice, 0.8) : dice;
}
