/**
 * Each place's part of a city's search answers, kept as JSON text: a place shown again in another search of the
 * same city (the nearest matches of many texts are the same few thousand places) costs no read of its row, no
 * article look-up, no conversion and no serialising, only its "open now" (docs/decisions/076-place-search-in-memory.md).
 * A part is the JSON of `toPlace` for the city, cut around `openNow`, which moves with the clock and is worked
 * out for each answer; `stale` moves with the year, so a part made in another year is made again.
 */
import type { Row } from "@libsql/client";
import { LRUCache } from "lru-cache";
import type { IndexedCity } from "../cities";
import { openNow, type Place, toPlace } from "./answers";

/** Bytes of parts kept at most (a part is about 750 characters: some 9,000 places). */
const PARTS_BYTES = 8 * 1024 * 1024;

interface Part {
  /** The place's JSON up to its "open now" value (`…,"openNow":`), and after it (`,"source":…}`). */
  head: string;
  tail: string;
  hours: string | null;
  timeZone: string;
  /** The year (UTC) it was made in. */
  year: number;
}

/**
 * A place's JSON cut around its "open now": the same text as JSON.stringify(place) once the value is put back.
 * The key is found in the JSON of the place with its value null: a key is the only place a quote, the key's
 * name and a quote and a colon follow each other (within a string value every quote is escaped), and a place
 * has one "openNow".
 */
export function partOf(place: Place, timeZone: string, hours: string | null, year: number): Part {
  const json = JSON.stringify({ ...place, openNow: null });
  const at = json.indexOf(OPEN_NOW) + OPEN_NOW.length;
  return { head: json.slice(0, at), tail: json.slice(at + "null".length), hours, timeZone, year };
}
const OPEN_NOW = '"openNow":';

/** The part's JSON with its "open now" as of now. */
const partJson = (part: Part) => `${part.head}${JSON.stringify(openNow(part.hours, part.timeZone))}${part.tail}`;

export class SearchParts {
  private readonly parts: LRUCache<string, Part>;
  /** Counts every drop: parts made from rows read before one are not kept (they may be of places changed since). */
  private generation = 0;

  /** `bytes`: kept at most (tests give a small budget). */
  constructor(bytes = PARTS_BYTES) {
    this.parts = new LRUCache({
      maxSize: bytes,
      sizeCalculation: (part, key) => textBytes(part.head) + textBytes(part.tail) + key.length + 96,
    });
  }

  /**
   * The JSON text of the answer showing places `ids` (in this order) in `city`: kept parts, and for the others
   * their rows (`read`: the rows of the ids it is given, the Wikipedia paragraphs lent, in any order).
   */
  async answerJson(city: IndexedCity, ids: number[], read: (ids: number[]) => Promise<Row[]>): Promise<string> {
    const year = new Date().getUTCFullYear();
    const found = new Map<number, Part>();
    for (const id of ids) {
      const part = this.parts.get(`${city.id}|${id}`);
      if (part && part.year === year) found.set(id, part);
    }
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) {
      const generation = this.generation;
      for (const row of await read(missing)) {
        const part = partOf(toPlace(row, city, city.timezone), city.timezone, hoursOf(row), year);
        found.set(Number(row.id), part);
        if (generation === this.generation) this.parts.set(`${city.id}|${row.id}`, part);
      }
    }
    const out: string[] = [];
    for (const id of ids) {
      const part = found.get(id);
      if (part) out.push(partJson(part));
    }
    return `[${out.join(",")}]`;
  }

  /** Drop the parts of the cities `affected` picks by id. */
  drop(affected: (cityId: string) => boolean) {
    this.generation++;
    for (const key of [...this.parts.keys()]) if (affected(key.slice(0, key.indexOf("|")))) this.parts.delete(key);
  }

  clear() {
    this.generation++;
    this.parts.clear();
  }
}

/** A text's bytes as held: one a character when every character fits in one (most parts), else two. */
const textBytes = (text: string) => (/[^\x00-\xff]/.test(text) ? 2 : 1) * text.length;

const hoursOf = (row: Row) => (row.opening_hours as string | null) ?? null;
