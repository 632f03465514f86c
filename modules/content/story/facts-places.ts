import { builtYear, lead, sentences } from "./text";
import type { FactDraft } from "./facts-draft";
import { BUSINESS_DUMP, MUSEUM, NATURE, organisation } from "./select";
import type { StoryContext, StoryPlace } from "./types";
import { isWikipedia, list, mi, named, nearPlace, number, placeSource } from "./wording";

/** Facts from the places around: historic sites' paragraphs, the earliest built, museums, parks and the like. */
export function placeFacts(c: StoryContext, wider: string): FactDraft[] {
  const name = c.city.name;
  const facts: FactDraft[] = [];
  const add = (f: FactDraft) => facts.push(f);
  const history = c.places.filter((p) => p.categoryId === 8 && !organisation(p));
  // Historic sites with a Wikipedia paragraph: the first sentences, linked.
  const wiki = history.filter(isWikipedia).slice(0, 8);
  wiki.forEach((p, i) => {
    const summary = lead(p.description, 180);
    const rest = sentences(p.description).slice(sentences(summary).length).join(" ");
    add({
      title: p.title,
      summary,
      category: "Landmark",
      source: placeSource(p),
      details: [
        rest ||
          `${p.title} stands ${mi(p.distance)} from the centre of ${name}${p.address ? `, at ${p.address}` : ""}.`,
        nearPlace(c, p, (q) => q.categoryId === 8 || MUSEUM.test(q.kind)),
        wider,
      ],
      score: 86 - i * 3,
    });
  });

  // The oldest built site, computed over the historic places whose own text gives a construction year.
  const built = history
    .map((p) => ({ p, b: builtYear(p.description) }))
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
        lead(p.description, 400),
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
      summary: `Museums and galleries near the centre of ${name}: ${list(top.map(named))}.`,
      category: "Culture",
      source: { name: top[0]!.sourceName, url: null, licence: top[0]!.licence },
      details: [
        top
          .map(
            (p) =>
              `${p.title}: ${p.description ? lead(p.description, 160) : p.kind}${p.address ? ` (${p.address})` : ""}`,
          )
          .join(" "),
        nearPlace(c, top[0]!, (q) => q.categoryId === 8 || q.categoryId === 9),
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
      c.places.filter((p) => p.categoryId === 9 && NATURE.test(p.kind) && !BUSINESS_DUMP.has(p.source)),
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
