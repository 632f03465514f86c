import { LIST } from "../../../src/domain/lists";
import { HOOK_STRENGTH, bestHook } from "./hooks";
import { historicPlaces } from "./history";
import { lead, sentences } from "./text";
import { townLabel } from "./towns";
import { builtYearOf, cleanText, worthTelling } from "./truth";
import type { FactDraft } from "./facts-draft";
import { BUSINESS_DUMP, MUSEUM, NATURE, organisation } from "./select";
import type { StoryContext, StoryPlace } from "./types";
import { isWikipedia, list, mi, named, nearPlace, number, placeSource } from "./wording";

/**
 * Texts about a place written for visitors, told like a Wikipedia paragraph: Wikivoyage's "Do" listings (CC BY-SA)
 * and the National Park Service's own description of a park (public domain).
 */
const PLACE_TEXTS = new Set(["wikivoyage-do", "nps"]);
/** Miles from the centre beyond which a fact from a place's text says how far the place is. */
const FAR = 5;

/** Facts from the places around: historic sites' paragraphs, the earliest built, museums, parks and the like. */
export function placeFacts(c: StoryContext, wider: string): FactDraft[] {
  const name = c.city.name;
  const facts: FactDraft[] = [];
  const add = (f: FactDraft) => facts.push(f);
  const history = historicPlaces(c);
  const historic = new Set(history);
  // Hooks: a sentence worth telling from a Wikipedia paragraph or a Wikivoyage listing (./hooks), the city's own
  // places first; a place in another town says which. A paragraph with no hook follows them all.
  const texts = c.places.filter(
    (p) =>
      (p.categoryId === LIST.history && historic.has(p) && isWikipedia(p)) ||
      (PLACE_TEXTS.has(p.source) && !organisation(p) && worthTelling(p)),
  );
  const hooked = texts
    .map((p) => ({ p, hook: bestHook(cleanText(p.description)), town: c.towns.get(p.id) }))
    .map((x) => ({
      ...x,
      score: x.hook ? 80 + HOOK_STRENGTH[x.hook.kind] * 2 - (x.town ? 10 : 0) - Math.min(5, x.p.distance / 2) : 0,
    }))
    .sort((a, b) => b.score - a.score || a.p.distance - b.p.distance);
  const told = [...hooked.filter((x) => x.hook).slice(0, 10), ...hooked.filter((x) => !x.hook).slice(0, 3)];
  for (const [i, { p, hook, town, score }] of told.entries()) {
    const text = cleanText(p.description);
    const summary = hook ? hook.text : lead(text, 180);
    const rest = hook ? hook.rest.join(" ") : sentences(text).slice(sentences(summary).length).join(" ");
    add({
      title: town ? `${p.title} (${town.name})` : p.title,
      summary: town
        ? `${summary} (${p.title} is in ${townLabel(town, c.city.stateCode)}.)`
        : p.distance >= FAR
          ? `${summary} (${p.title} lies ${mi(p.distance)} from the centre of ${name}.)`
          : summary,
      category: p.categoryId === LIST.history ? "Landmark" : "Travel",
      source: placeSource(p),
      details: [
        rest ||
          `${p.title} stands ${mi(p.distance)} from the centre of ${name}${p.address ? `, at ${p.address}` : ""}.`,
        nearPlace(c, p, (q) => q.categoryId === LIST.history || MUSEUM.test(q.kind)),
        wider,
      ],
      score: hook ? score : 48 - i,
    });
  }

  // The oldest built site, computed over the historic places whose own text gives a construction year.
  const built = history
    .map((p) => ({ p, b: builtYearOf(p.title, cleanText(p.description)) }))
    .filter((x): x is { p: StoryPlace; b: { year: number; verb: string } } => x.b !== null)
    .sort((a, b) => a.b.year - b.b.year || a.p.distance - b.p.distance);
  if (built.length >= 3) {
    const { p, b } = built[0]!;
    add({
      title: `${b.verb.charAt(0).toUpperCase()}${b.verb.slice(1)} in ${b.year}: ${p.title}`,
      summary: `Of the ${number(built.length)} historic places within ${c.radius} miles of ${name} whose records in LocalScope's sources give a construction or founding year, the earliest is ${p.title}, ${b.verb} in ${b.year}.`,
      category: "History",
      source: placeSource(p),
      details: [
        lead(cleanText(p.description), 400),
        `Next by year: ${list(built.slice(1, 4).map((x) => `${x.p.title} (${x.b.verb} ${x.b.year})`))}.`,
        wider,
      ],
      score: 66,
    });
  }

  // Museums worth the trip (discipline museums before society offices).
  const visitable = c.places
    .filter((p) => !BUSINESS_DUMP.has(p.source) && (MUSEUM.test(p.kind) || MUSEUM.test(p.title)) && !organisation(p))
    .sort((a, b) => b.quality - a.quality || a.distance - b.distance);
  if (visitable.length) {
    const top = visitable.slice(0, 4);
    add({
      title: top.length === 1 ? `A museum: ${top[0]!.title}` : `Museums to visit`,
      summary: `Museums and galleries within ${c.radius} miles of ${name}: ${list(top.map(named))}.`,
      category: "Culture",
      source: { name: top[0]!.sourceName, url: null, licence: top[0]!.licence },
      details: [
        top
          .map(
            (p) =>
              `${p.title}: ${p.description ? lead(p.description, 160) : p.kind}${p.address ? ` (${p.address})` : ""}`,
          )
          .join(" "),
        nearPlace(c, top[0]!, (q) => q.categoryId === LIST.history || q.categoryId === LIST.activities),
        wider,
      ],
      score: 56,
    });
  }

  // Parks and nature, food and drink, places to stay: named places, never bare counts.
  const groups: Array<[string, string, StoryPlace[], number]> = [
    [
      "Parks and nature",
      "Nature",
      c.places.filter(
        (p) =>
          p.categoryId === LIST.activities && NATURE.test(p.kind) && !BUSINESS_DUMP.has(p.source) && !organisation(p),
      ),
      44,
    ],
    ["Local brewing", "Food & Drink", c.places.filter((p) => /brew|taproom|distillery|winery/i.test(p.kind)), 40],
    ["Farmers markets", "Food & Drink", c.places.filter((p) => /farmers.?market/i.test(p.kind)), 36],
    ["Libraries", "Culture", c.places.filter((p) => /library/i.test(p.kind)), 30],
  ];
  for (const [title, category, group, score] of groups) {
    if (!group.length) continue;
    const top = group.slice(0, 4);
    add({
      title,
      summary: `${title} near ${name} in LocalScope's open data: ${list(top.map(named))}.`,
      category,
      source: { name: top[0]!.sourceName, url: null, licence: top[0]!.licence },
      details: [
        top.map((p) => `${p.title} (${p.kind}${p.address ? `, ${p.address}` : ""}).`).join(" "),
        nearPlace(c, top[0]!, (q) => q.categoryId === top[0]!.categoryId),
        wider,
      ],
      score,
    });
  }
  return facts;
}
