/**
 * The checks scripts/bench-sights.ts runs on a list's first rows: the store's rows of a list's places, and the
 * junk (the showcase's own rules) and near-duplicates among them.
 */
import type { Client, Row } from "@libsql/client";
import type { Place } from "../../modules/places/service";
import { junkInList, sameSight, sightName } from "../../modules/places/showcase";

/** The store's rows of a list's places, in the list's order. */
export async function rowsOf(client: Client, places: Place[]): Promise<Row[]> {
  if (!places.length) return [];
  const found = await client.execute({
    sql: `SELECT * FROM places WHERE id IN (${places.map(() => "?").join(",")})`,
    args: places.map((p) => p.id),
  });
  const byId = new Map(found.rows.map((r) => [Number(r.id), r]));
  return places.flatMap((p) => {
    const r = byId.get(p.id);
    return r ? [r] : [];
  });
}

/**
 * One city's list rows checked: junk rows and near-duplicate pairs (one place twice within 0.3 mi), with an
 * example of each in the order found (junk first, then duplicates).
 */
export function listProblems(
  rows: Row[],
  label: string,
  cityName: string,
): { junk: number; dupes: number; examples: string[] } {
  let junk = 0;
  let dupes = 0;
  const examples: string[] = [];
  for (const r of rows) {
    const why = junkInList(r, label === "lodging" ? "lodging" : label === "featured" ? "featured" : "list");
    if (why) {
      junk++;
      examples.push(`${r.title} (${cityName}: ${why})`);
    }
  }
  for (let i = 0; i < rows.length; i++)
    for (let j = 0; j < i; j++)
      if (sameSight(rows[i]!, rows[j]!)) {
        dupes++;
        examples.push(`${rows[j]!.title} = ${rows[i]!.title} (${cityName})`);
      }
  return { junk, dupes, examples };
}

/**
 * The kinds of row the issue of famous sights names as junk in a first-12 featured list, read here with words of
 * their own (not the showcase's rules, which decide what the lists show): a post office, an office, apartment or
 * commercial block, a warehouse, a campground or RV park; an organisation's name (a council, guild, endowment, club,
 * fellows or friends, a job line), a school or university filed as a sight, a wholesale or industrial business, a
 * housing project, a pawn or loan shop.
 */
const NAMED_JUNK_KIND =
  /\b(post office|office building|apartment building|commercial building|warehouse|campground|rv park|camp ?site)\b/i;
const NAMED_JUNK_TITLE =
  /\b(post office|office building|council|guild|endowment|club|fellows|friends of|job line|school|university|college|bakery|bakeries|lumber|distributors?|wholesale|housing projects?|projects|pawn|loans?)\b/i;
/**
 * Why a featured row is a kind the issue names as junk, or null. The name read is the one the card and chat show
 * (`sightName`): the census's inverted "Des Moines Botanical Center, Friends of the" shows as the garden it names,
 * while its record keeps the census's own name for search and attribution.
 */
export function namedJunk(r: Row): string | null {
  const kind = String(r.kind ?? "");
  if (NAMED_JUNK_KIND.test(kind)) return `kind ${kind}`;
  const title = sightName(r);
  const word = title.match(NAMED_JUNK_TITLE)?.[0];
  // A museum, gallery, garden or observatory of a school's name ("Schoolhouse Museum", a college's arboretum), a
  // district or a hill named after one, is the sight's or the area's; the word alone is not.
  if (
    word &&
    !/\b(museums?|galler(y|ies)|zoo|aquarium|gardens?|arboretum|planetarium|observatory|memorial|monument|park|historic site|district|hill)\b/i.test(
      title,
    )
  )
    return `name says ${word.toLowerCase()}`;
  return null;
}

/**
 * A place whose town is another state's (the Empire State Building's record said Hoboken): its town is the name of
 * listed towns of other states only. `townsOf(state)` gives a state's listed town names, lower case.
 */
export function townElsewhere(r: Row, townsOf: (state: string) => Set<string>, allTowns: Set<string>): boolean {
  const town = String(r.city ?? "").toLowerCase();
  return !!town && allTowns.has(town) && !townsOf(String(r.state_code)).has(town);
}
