import { LIST } from "../../src/domain/lists";
import * as v from "valibot";
import type { Llm } from "../llm";
import type { CityContext, ContentProvider, DeeperLevel, FunFact, HistoryEntry } from "./provider";
import { itemKey } from "./provider";
import { groundedFacts } from "./grounded";
import { ungrounded } from "./stories";

/**
 * The model provider: a model (through modules/llm, decision 017) rewrites the city's grounded context into
 * livelier facts, history and deeper details. Prompts carry only real data; answers are structured JSON
 * (the format derived from the valibot schemas below, the answer validated by them); history entries must
 * point at a real historic place of the context (its title and date come from the data, never from the
 * model). Any failure throws, and the content service falls back to the data-grounded provider; the seam's
 * shared breaker then skips the model for a minute.
 */

const FACT_BATCH = 8;
const HISTORY_BATCH = 8;

const Text = (min: number, max: number) => v.pipe(v.string(), v.trim(), v.minLength(min), v.maxLength(max));
const FactsAnswer = v.object({
  facts: v.array(v.object({ title: Text(3, 90), summary: Text(20, 600), category: Text(2, 40) })),
});
const HistoryAnswer = v.object({
  history: v.array(
    v.object({
      placeId: v.pipe(v.number(), v.integer()),
      category: Text(2, 40),
      content: Text(20, 1200),
      significance: Text(10, 600),
    }),
  ),
});
const DeeperAnswer = v.object({ details: Text(20, 2000) });

const SYSTEM = [
  "You are LocalScope's travel writer. You write short, vivid, accurate text about one US city.",
  "Use ONLY the facts in the CONTEXT block. Never invent places, names, dates, numbers, addresses, phone numbers or websites.",
  "If the context does not support a statement, leave it out. Answer with JSON only, in the requested shape.",
].join(" ");

/** Contact details a model must never produce on its own: URLs, e-mail addresses, phone numbers. */
const CONTACT = /(https?:\/\/|www\.|\b[\w.+-]+@[\w-]+\.\w+|\(?\b\d{3}\)?[ .-]\d{3}[ .-]\d{4}\b)/i;
/**
 * Whether a model's text states what its context does not: contact data, or a name or number absent from the
 * grounded material (docs/decisions/028-city-stories.md: such a rewrite is rejected and the grounded text is served).
 */
const invented = (text: string, context: string) => {
  const match = text.match(CONTACT);
  if (match !== null && !context.includes(match[0])) return true;
  return ungrounded(text, context).length > 0;
};

/** The grounded context as the model sees it: compact JSON between markers (our test server reads it too). */
export function promptContext(c: CityContext): string {
  const data = {
    city: {
      name: c.city.name,
      state: c.city.stateName,
      county: `${c.city.countyName} County`,
      population: c.city.population,
      populationIsUrbanArea: c.city.urbanArea,
      timezone: c.city.timezone,
      zipCodes: c.zips.length,
    },
    facts: groundedFacts(c).map((f) => ({ title: f.title, statement: f.summary, more: f.details })),
    historicPlaces: c.places
      .filter((p) => p.categoryId === LIST.history)
      .slice(0, 40)
      .map((p) => ({
        placeId: p.id,
        title: p.title,
        kind: p.kind,
        date: p.since,
        description: p.description.slice(0, 300),
        milesFromCentre: p.distance,
      })),
    notablePlaces: c.places
      .filter((p) => p.categoryId !== LIST.history)
      .sort((a, b) => b.quality - a.quality || a.distance - b.distance)
      .slice(0, 30)
      .map((p) => ({ title: p.title, kind: p.kind, milesFromCentre: p.distance })),
  };
  return `CONTEXT-JSON-START\n${JSON.stringify(data)}\nCONTEXT-JSON-END`;
}

export function ollamaProvider(llm: Llm): ContentProvider {
  const ask = <T>(schema: v.GenericSchema<unknown, T>, prompt: string, context: string): Promise<T> =>
    llm.complete(schema, [
      { role: "system", content: SYSTEM },
      { role: "user", content: `${context}\n\n${prompt}` },
    ]);

  return {
    name: llm.name,
    available: () => llm.available(),

    async facts(c, avoid) {
      const context = promptContext(c);
      const answer = await ask(
        FactsAnswer,
        [
          `Write ${FACT_BATCH} fun facts about ${c.city.name}, ${c.city.stateName}, each from the context's facts or places.`,
          "Each has a catchy title (at most 8 words), a summary of one or two sentences, and a one- or two-word category.",
          avoid.length ? `Do not repeat these titles or their subjects: ${JSON.stringify(avoid)}.` : "",
          'Shape: {"facts":[{"title":"…","summary":"…","category":"…"}]}',
        ].join("\n"),
        context,
      );
      const avoided = new Set(avoid.map(itemKey));
      const facts: FunFact[] = answer.facts.filter(
        (f) => !avoided.has(itemKey(f.title)) && !invented(f.title, context) && !invented(f.summary, context),
      );
      if (!facts.length) throw new Error("the model wrote no usable facts");
      return facts;
    },

    async history(c, avoid) {
      const historic = new Map(c.places.filter((p) => p.categoryId === LIST.history).map((p) => [p.id, p]));
      if (!historic.size) return [];
      const context = promptContext(c);
      const answer = await ask(
        HistoryAnswer,
        [
          `Write up to ${HISTORY_BATCH} history entries for ${c.city.name}, each about ONE of the context's historicPlaces, identified by its placeId.`,
          "For each: a one- or two-word category, two or three sentences of content from its description and date, and one sentence on its significance for the city.",
          avoid.length ? `Skip these places: ${JSON.stringify(avoid)}.` : "",
          'Shape: {"history":[{"placeId":123,"category":"…","content":"…","significance":"…"}]}',
        ].join("\n"),
        context,
      );
      const avoided = new Set(avoid.map(itemKey));
      const seen = new Set<number>();
      const entries: HistoryEntry[] = [];
      for (const h of answer.history) {
        const place = historic.get(h.placeId);
        // Only real places, once each; the title and the date come from the data.
        if (
          !place ||
          seen.has(place.id) ||
          avoided.has(itemKey(place.title)) ||
          invented(h.content, context) ||
          invented(h.significance, context)
        )
          continue;
        seen.add(place.id);
        entries.push({
          id: `place-${place.id}`,
          title: place.title,
          period: place.since ?? "Date not recorded",
          category: h.category,
          content: h.content,
          significance: h.significance,
        });
      }
      if (!entries.length) throw new Error("the model wrote no usable history entries");
      return entries;
    },

    async deeper(c, fact, level: DeeperLevel) {
      const context = promptContext(c);
      const depth = [
        "a few more details (2–3 sentences)",
        "a deeper dive (3–4 sentences) connecting it to other facts of the context",
        "an expert analysis (4–5 sentences) of what it says about the city, with the sources named in the context",
      ][level - 1];
      const answer = await ask(
        DeeperAnswer,
        `The reader is looking at this fun fact about ${c.city.name}:\nTitle: ${fact.title}\nSummary: ${fact.summary}\nWrite ${depth}, using only the context.\nShape: {"details":"…"}`,
        context,
      );
      // The reader's fact (title and summary) is part of what the model was given.
      if (invented(answer.details, `${context}\n${fact.title}\n${fact.summary}`))
        throw new Error("the model's details contain contact data not in the context");
      return answer.details;
    },
  };
}
