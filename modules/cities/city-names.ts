/**
 * One job: how a city name and a query are read — normalised keys ("St."/"Saint", "Ft."/"Fort", "Mt."/"Mount"
 * both ways) and a state named or abbreviated in a query ("Springfield, IL", "Springfield Illinois").
 */
import { US_STATES } from "../../src/domain/states";

/** Lower-case, strip accents and punctuation, collapse spaces: "San José" → "san jose", "St. Louis" → "st louis". */
export function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[.'’`]/g, "")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const ALIASES: Array<[string, string]> = [
  ["st ", "saint "],
  ["ste ", "sainte "],
  ["ft ", "fort "],
  ["mt ", "mount "],
];

/** Every key a city can be found by. */
export function keysFor(name: string): string[] {
  const base = normalise(name);
  const keys = new Set([base]);
  for (const [short, long] of ALIASES) {
    if (base.startsWith(short)) keys.add(long + base.slice(short.length));
    if (base.startsWith(long)) keys.add(short + base.slice(long.length));
  }
  return [...keys].filter(Boolean);
}

const STATE_NAMES = Object.entries(US_STATES).map(([code, name]) => ({ code, key: normalise(name) }));

/** The states a query's state part names: a two-letter code, or the start of a state's name. */
export function statesMatching(stateKey: string): string[] {
  if (!stateKey) return [];
  const upper = stateKey.toUpperCase();
  if (stateKey.length === 2 && US_STATES[upper]) return [upper];
  return STATE_NAMES.filter((s) => s.key.startsWith(stateKey)).map((s) => s.code);
}

/** The states the end of a query may name ("… IL", "… Illinois"), each with the rest of the query. */
export function trailingStates(key: string): Array<{ code: string; rest: string }> {
  const out: Array<{ code: string; rest: string }> = [];
  const lastSpace = key.lastIndexOf(" ");
  if (lastSpace > 0) {
    const last = key.slice(lastSpace + 1).toUpperCase();
    if (last.length === 2 && US_STATES[last]) out.push({ code: last, rest: key.slice(0, lastSpace) });
  }
  for (const { code, key: stateKey } of STATE_NAMES) {
    if (key.length > stateKey.length + 1 && key.endsWith(` ${stateKey}`)) {
      out.push({ code, rest: key.slice(0, key.length - stateKey.length - 1) });
    }
  }
  return out;
}
