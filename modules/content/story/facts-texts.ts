import { LIST } from "../../../src/domain/lists";
import { divisionNoun } from "./division";
import { lead } from "./text";
import type { FactDraft } from "./facts-draft";
import { COMPARATIVE, MUSEUM, personFits } from "./select";
import type { StoryContext } from "./types";
import { GEONAMES, WIKIPEDIA, WIKIVOYAGE, WORDNET, list, nearPlace, number } from "./wording";

/** Facts from the city's own texts: WordNet names and gloss, the Wikivoyage byline, a person, the seat. */
export function textFacts(c: StoryContext, wider: string): FactDraft[] {
  const { city, texts } = c;
  const name = city.name;
  const facts: FactDraft[] = [];
  const add = (f: FactDraft) => facts.push(f);

  // Nicknames and other names (WordNet lemmas other than the name itself).
  const lemmas = (texts.wordnetLemmas ?? "")
    .split(/;\s*/)
    .map((s) => s.trim())
    .filter((s) => s && s.toLowerCase() !== name.toLowerCase() && !/^capital of /i.test(s));
  const unique = [...new Set(lemmas)];
  if (unique.length) {
    const nicknames = unique.filter((s) => !s.toLowerCase().includes(name.toLowerCase()));
    add({
      title: `Also called ${list(unique.slice(0, 3).map((s) => `“${s}”`))}`,
      summary: `Besides ${name}, the WordNet dictionary lists ${list(unique.map((s) => `“${s}”`))} as ${unique.length === 1 ? "a name" : "names"} for the city.`,
      category: "Names",
      source: WORDNET,
      details: [
        texts.wordnetGloss
          ? `WordNet's definition: ${name} is ${texts.wordnetGloss.split(" | ")[0]}.`
          : `WordNet gives no definition beyond the names.`,
        nearPlace(c, null, (p) => p.categoryId === LIST.history || MUSEUM.test(p.kind)),
        wider,
      ],
      score: nicknames.length ? 92 : 50,
    });
  }

  // The WordNet gloss: a dictionary's one-line portrait (2006).
  if (texts.wordnetGloss) {
    const gloss = texts.wordnetGloss.split(" | ")[0]!;
    const noted =
      /\b(noted for|known for|site of|famous|resort|university|college|port|center|centre|home of|scene of)\b/i.exec(
        gloss,
      );
    const capital = /\bcapital\b/i.test(gloss);
    const clause = gloss.split(";").map((s) => s.trim());
    const highlight =
      clause.find((s) => /noted|known|site of|famous|resort|university|home of|scene of/i.test(s)) ??
      clause.find((s) => /capital|center|centre|port/i.test(s)) ??
      clause[0]!;
    add({
      title:
        (noted || capital) && !COMPARATIVE.test(highlight) && highlight.length <= 70
          ? `${highlight.charAt(0).toUpperCase()}${highlight.slice(1).replace(/^"|"$/g, "")}`
          : `${name} in a dictionary`,
      summary: `The WordNet dictionary (2006) describes ${name} as ${gloss.replace(/"/g, "'")}.`,
      category: "Character",
      source: WORDNET,
      details: [
        texts.wikivoyageByline
          ? `Wikivoyage's traveller guide puts it this way: "${texts.wikivoyageByline}"`
          : `That is WordNet's whole entry; it was written around 2006, so a "largest" or "major" in it is as of then.`,
        nearPlace(c, null, (p) => MUSEUM.test(p.kind) || p.categoryId === LIST.history),
        wider,
      ],
      score: noted ? 82 : capital ? 64 : 42,
    });
  }

  // The Wikivoyage byline.
  if (texts.wikivoyageByline && texts.wikivoyageUrl) {
    const generic =
      /^[^,]+ is an? (?:small |large )?(?:city|town|village|borough|community|suburb|hamlet|census-designated place|unincorporated community)[^.]{0,80}\bin\b[^.]*\.$/i.test(
        texts.wikivoyageByline,
      ) && texts.wikivoyageByline.length < 110;
    const next = (texts.wikivoyageNearby ?? "")
      .split(/;\s*/)
      .filter((t) => t && t !== name)
      .slice(0, 6);
    add({
      title: "A traveller's first look",
      summary: `Wikivoyage introduces ${name}: "${texts.wikivoyageByline}"`,
      category: "Travel",
      source: { name: "Wikivoyage", url: texts.wikivoyageUrl, licence: WIKIVOYAGE },
      details: [
        next.length
          ? `From ${name}, Wikivoyage's guide suggests going on to ${list(next)}.`
          : `Wikivoyage's guide to ${name} is linked from this fact's source.`,
        nearPlace(c, null, (p) => p.categoryId === LIST.activities || MUSEUM.test(p.kind)),
        wider,
      ],
      score: generic ? 34 : 72,
    });
  }

  // An associated person (The Pudding's people map; only when the extract names the city or state).
  const person = texts.people.find((p) => personFits(p, city));
  if (person) {
    const first = lead(person.extract, 220).replace(/\.\.\.$/, "…");
    add({
      title: `Associated with ${name}: ${person.person}`,
      summary: `The most-viewed Wikipedia biography (2015–19) among people associated with ${person.neighborhood ? `${person.neighborhood}, ${name}` : name} is ${person.person}'s. Wikipedia, in 2019: "${first}"`,
      category: "People",
      source: { name: "Wikipedia via The Pudding's People Map", url: person.url, licence: WIKIPEDIA },
      details: [
        `Wikipedia's article began, in 2019: "${person.extract}" "Associated" means born, raised or having lived there, as Wikipedia's lists of people from ${name} record it.`,
        nearPlace(c, null, (p) => p.categoryId === LIST.history),
        wider,
      ],
      score: 76,
    });
  }

  // Seats from GeoNames.
  if ((texts.seat === "PPLA" || texts.seat === "PPLC") && !/\bcapital\b/i.test(texts.wordnetGloss ?? "")) {
    add({
      title: `Capital of ${city.stateName}`,
      summary: `${name} is the capital of ${city.stateName}, as GeoNames records it.`,
      category: "Government",
      source: GEONAMES,
      details: [
        `GeoNames marks ${name} as the seat of ${city.stateName}'s government.`,
        nearPlace(c, null, (p) => p.categoryId === LIST.history),
        wider,
      ],
      score: 68,
    });
  } else if (texts.seat === "PPLA2" && city.countyName && city.ranking > 1 && !city.division.isCity) {
    const division = city.division;
    add({
      title: `Seat of ${division.label.replace(/^the /, "")}`,
      summary: `${name} is the seat of ${division.label}, ${city.stateName}, as GeoNames and SimpleMaps record it.`,
      category: "Government",
      source: GEONAMES,
      details: [
        c.county.largest && c.county.largest.name !== name
          ? `The ${divisionNoun(division)}'s largest listed place is ${c.county.largest.name}, with about ${number(c.county.largest.population)} people (SimpleMaps).`
          : `It is also the largest of the ${number(c.county.places)} cities and towns SimpleMaps lists in the ${divisionNoun(division)}.`,
        nearPlace(c, null, (p) => p.categoryId === LIST.history),
        wider,
      ],
      score: 58,
      statistic: true,
    });
  }
  return facts;
}
