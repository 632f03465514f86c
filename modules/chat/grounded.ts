import { nameWords } from "./names";
import { placeText } from "./place-answer";
import { ANSWER_PLACES, type Grounding } from "./retrieve";
import type { SourcePlace } from "./sources";

/** Step 3a: the data-grounded provider: natural sentences composed from the retrieval alone. */

const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
/** "0.3 mi from X"; under 0.1 mi "right downtown", or "next to X" when the distances are from a named place. */
function miText(d: number | null, from: string): string | null {
  if (d === null) return null;
  if (d >= 0.1) return `${d} mi from ${from}`;
  return from === "downtown" ? "right downtown" : `next to ${from}`;
}

function describe(p: SourcePlace, from: string): string {
  const bits = [p.kind.toLowerCase()];
  const d = miText(p.distance, from);
  if (d) bits.push(d);
  if (p.openNow === true) bits.push("open now");
  else if (p.openNow === false) bits.push("closed right now");
  return `[[${p.id}]] (${bits.join(", ")})`;
}

/**
 * The name a "near X" answer measures from: X as typed when the place found bears it inside a longer name ("Times
 * Square" found as "Bowlero Times Square", a bowling alley on it), else the place's own title.
 */
function nearName(g: Grounding): string | null {
  if (!g.anchor || !g.intent.near) return null;
  const typed = nameWords(g.intent.near);
  const title = nameWords(g.anchor.title);
  return title.length > typed.length && typed.every((w) => title.includes(w)) ? g.intent.near : null;
}

/** A natural answer composed from the retrieval alone; places are `[[id]]` markers. */
export function groundedText(g: Grounding): string {
  const where = `${g.city.name}`;
  const typedNear = nearName(g);
  const from = g.anchor && g.intent.near ? (typedNear ?? g.anchor.title) : "downtown";
  const parts: string[] = [];
  if (g.kind === "help") return helpText(g);
  if (g.kind === "place") return withSwitch(g, placeText(g));
  if (g.kind === "unknown-place") return withSwitch(g, unknownText(g));
  const shown = g.places.slice(0, ANSWER_PLACES);
  if (!shown.length) {
    parts.push(
      `I couldn't find any ${g.subject} near ${from === "downtown" ? `downtown ${where}` : from} in LocalScope's data.`,
    );
    parts.push("Try the map, or ask about something else nearby, like food, history or things to do.");
    return [...g.notes, ...parts].join(" ");
  }
  const count = NUMBER_WORDS[shown.length] ?? String(shown.length);
  const anchorText = from === "downtown" ? `downtown ${where}` : from;
  const items = shown.map((p) => describe(p, from));
  const listed = items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : items[0];
  parts.push(`Here ${shown.length === 1 ? "is" : "are"} ${count} of the ${g.subject} near ${anchorText}: ${listed}.`);
  if (typedNear)
    parts.push(
      `Distances are from ${g.anchor!.title}, the place in LocalScope's data whose name holds “${typedNear}”.`,
    );
  const withAddress = shown.find((p) => p.address);
  if (withAddress) parts.push(`[[${withAddress.id}]] is at ${withAddress.address!.replace(/\.+$/, "")}.`);
  const dated = shown.filter((p) => p.since).slice(0, 2);
  if (g.intent.topics.includes("history") && dated.length)
    parts.push(`The records date ${dated.map((p) => `[[${p.id}]] to ${p.since}`).join(" and ")}.`);
  for (const f of g.facts.slice(0, 2)) parts.push(f.summary.trim().replace(/\.?$/, "."));
  parts.push("LocalScope has no ratings, so these are the best-documented ones nearby.");
  const missing = g.notes.filter((n) => n.startsWith("I couldn't") || n.startsWith("LocalScope has no record"));
  return withSwitch(g, [...missing, ...parts, ...g.notes.filter((n) => !missing.includes(n))].join(" "));
}

/** A question about another city is answered for it, and says so. */
function withSwitch(g: Grounding, text: string): string {
  if (!g.from) return text;
  const there = `${g.city.name}, ${g.city.stateCode}`;
  return `This answer is for ${there}, the city you asked about (you're exploring ${g.from.name}, ${g.from.stateCode}; switch the location to ${there} to keep asking about it). ${text}`;
}

/** Off-topic or nonsense: what the assistant can help with, and no places. */
function helpText(g: Grounding): string {
  return `I can help with places in ${g.city.name}: where to eat or get a coffee, things to do, history, shopping and places to stay, or a place you name (its phone number, address, opening hours, website or what the sources say about it). Try “What restaurants are popular here?” or “Tell me about a place by its name”.`;
}

/** A named place with no record: said plainly, with the closest names we have. */
function unknownText(g: Grounding): string {
  if (g.mentions.length)
    return [
      ...g.notes,
      `More on ${g.mentions.length === 1 ? "it" : "them"}: ${g.mentions.map((p) => describe(p, "downtown")).join(", ")}.`,
    ].join(" ");
  const where = `${g.city.name} or elsewhere in ${g.city.stateName}`;
  const parts = [`LocalScope has no record of “${g.asked}” in ${where}.`];
  if (g.places.length)
    parts.push(
      `The closest names I know are ${g.places
        .map((p) => `[[${p.id}]] (${p.kind.toLowerCase()})`)
        .join(", ")
        .replace(/, ([^,]*)$/, " and $1")}.`,
    );
  else parts.push("Check the spelling, or ask about food, things to do or history nearby.");
  return parts.join(" ");
}

/** Stream a text the way a model would: word by word. */
export async function* wordsOf(text: string): AsyncGenerator<string> {
  for (const chunk of text.match(/\S+\s*|\s+/g) ?? []) yield chunk;
}
