import { ANSWER_PLACES, type Grounding } from "./retrieve";
import type { SourcePlace } from "./sources";

/** Step 3a: the data-grounded provider: natural sentences composed from the retrieval alone. */

const NUMBER_WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"];
const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");
const miText = (d: number | null) => (d === null ? null : d < 0.1 ? "right downtown" : `${d} mi`);
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

function describe(p: SourcePlace, from: string): string {
  const bits = [p.kind.toLowerCase()];
  const d = miText(p.distance);
  if (d) bits.push(d === "right downtown" ? d : `${d} from ${from}`);
  if (p.openNow === true) bits.push("open now");
  else if (p.openNow === false) bits.push("closed right now");
  return `[[${p.id}]] (${bits.join(", ")})`;
}

/** A natural answer composed from the retrieval alone; places are `[[id]]` markers. */
export function groundedText(g: Grounding): string {
  const where = `${g.city.name}`;
  const from = g.anchor && g.intent.near ? g.anchor.title : "downtown";
  const parts: string[] = [];
  if (g.anchor && g.intent.named && g.places.length === 1 && g.places[0] === g.anchor) {
    const p = g.anchor;
    parts.push(
      `[[${p.id}]] is ${article(p.kind)} ${p.kind.toLowerCase()}${p.distance !== null ? ` ${p.distance} mi from downtown ${where}` : ` in ${where}`}.`,
    );
    if (p.description && !p.description.toLowerCase().startsWith(p.kind.toLowerCase()))
      parts.push(sentence(p.description.trim().replace(/\.?$/, ".")));
    if (p.address) parts.push(`You'll find it at ${p.address.replace(/\.+$/, "")}.`);
    if (p.phone) parts.push(`Phone: ${p.phone}.`);
    if (p.openingHours)
      parts.push(
        `Its listed hours are ${p.openingHours}${p.openNow === true ? ", so it's open now" : p.openNow === false ? ", so it's closed right now" : ""}.`,
      );
    else parts.push("The data has no opening hours for it.");
    if (p.since) parts.push(`The record dates it to ${p.since}.`);
    return parts.join(" ");
  }
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
  const withAddress = shown.find((p) => p.address);
  if (withAddress) parts.push(`[[${withAddress.id}]] is at ${withAddress.address!.replace(/\.+$/, "")}.`);
  const dated = g.places.filter((p) => p.since).slice(0, 2);
  if (g.intent.topics.includes("history") && dated.length)
    parts.push(`The records date ${dated.map((p) => `[[${p.id}]] to ${p.since}`).join(" and ")}.`);
  for (const f of g.facts.slice(0, 2)) parts.push(f.summary.trim().replace(/\.?$/, "."));
  parts.push("LocalScope has no ratings, so these are the best-documented ones nearby.");
  const missing = g.notes.filter((n) => n.startsWith("I couldn't"));
  return [...missing, ...parts, ...g.notes.filter((n) => !missing.includes(n))].join(" ");
}

/** Stream a text the way a model would: word by word. */
export async function* wordsOf(text: string): AsyncGenerator<string> {
  for (const chunk of text.match(/\S+\s*|\s+/g) ?? []) yield chunk;
}
