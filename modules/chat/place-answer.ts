import { KIND } from "./kinds";
import type { Grounding } from "./retrieve";
import { dayHours } from "../places";
import type { SourcePlace } from "./sources";
import { WEEKDAY_NAMES } from "./weekday";

/** The grounded answer about one named place: what was asked, from its record; never an opinion or a rating. */

const article = (word: string) => (/^[aeiou]/i.test(word) ? "an" : "a");
const sentence = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const stop = (text: string) => text.trim().replace(/[.\s]+$/, "");
const listed = (items: string[]) =>
  items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items.at(-1)}` : items[0];

/** "a museum 0.4 mi from downtown Las Vegas" (or "in Las Vegas" when no distance is known). */
function what(p: SourcePlace, city: string): string {
  const where =
    p.distance === null
      ? `in ${city}`
      : p.distance < 0.1
        ? `right in downtown ${city}`
        : `${p.distance} mi from downtown ${city}`;
  return `${article(p.kind)} ${p.kind.toLowerCase()} ${where}`;
}

function hours(p: SourcePlace): string {
  const id = `[[${p.id}]]`;
  if (!p.openingHours) {
    const call = p.phone ? ` Call ${p.phone} to check before you go.` : "";
    return `LocalScope has no opening hours for ${id}.${call}`;
  }
  const now = p.openNow === true ? " It's open right now." : p.openNow === false ? " It's closed right now." : "";
  const week = p.hoursWeek?.length ? p.hoursWeek.join("; ") : p.openingHours;
  return `${id} lists its hours as ${stop(week)}.${now}`;
}

/** "Is X open on Monday?": that day's hours from its week, or plainly that the data cannot tell. */
function onDay(p: SourcePlace, weekday: number): string {
  const id = `[[${p.id}]]`;
  const day = WEEKDAY_NAMES[weekday];
  if (!p.openingHours) return hours(p);
  const text = dayHours(p.openingHours)?.[weekday];
  if (!text)
    return `${id} lists its hours as ${stop(p.openingHours)}; LocalScope cannot tell from them whether it opens on ${day}.`;
  return text === "Closed"
    ? `By its listed hours, ${id} is closed on ${day}s.`
    : `By its listed hours, ${id} opens on ${day}: ${text}.`;
}

const address = (p: SourcePlace) =>
  p.address ? `[[${p.id}]] is at ${stop(p.address)}.` : `LocalScope has no street address for [[${p.id}]].`;

/** What the sources say: the description, the history paragraph, the Wikipedia article. */
function sourcesSay(p: SourcePlace, story: string | null): string[] {
  const parts: string[] = [];
  if (p.description && !p.description.toLowerCase().startsWith(p.kind.toLowerCase()))
    parts.push(`${sentence(stop(p.description))}.`);
  if (story)
    parts.push(
      `${sentence(
        stop(
          story
            .split(/(?<=\.)\s+/)
            .slice(0, 2)
            .join(" "),
        ),
      )}.`,
    );
  if (p.since) parts.push(`The record dates it to ${p.since}.`);
  return parts;
}

export function placeText(g: Grounding): string {
  const p = g.anchor!;
  const id = `[[${p.id}]]`;
  const city = g.city.name;
  const parts: string[] = [];
  switch (g.intent.asks) {
    case "phone":
      parts.push(p.phone ? `You can call ${id} at ${p.phone}.` : `LocalScope has no phone number for ${id}.`);
      if (!p.phone && p.website) parts.push(`Its website is ${p.website}.`);
      parts.push(address(p));
      break;
    case "website":
      parts.push(p.website ? `${id}'s website is ${p.website}.` : `LocalScope has no website for ${id}.`);
      if (p.phone) parts.push(`Its phone number is ${p.phone}.`);
      break;
    case "hours":
    case "openNow":
      parts.push(g.intent.weekday === null ? hours(p) : onDay(p, g.intent.weekday));
      if (p.openingHours && p.phone) parts.push(`Its phone number is ${p.phone}.`);
      break;
    case "address":
      parts.push(address(p), `It is ${what(p, city)}.`);
      break;
    case "distance":
      parts.push(
        p.distance === null
          ? `LocalScope has no distance for ${id} from downtown ${city}.`
          : `${id} is ${p.distance} mi from downtown ${city} in a straight line.`,
      );
      if (p.address) parts.push(`Its address is ${stop(p.address)}.`);
      break;
    case "price": {
      // "Is X free?", "How much is X?": the data has no prices; a park or a monument usually costs nothing.
      parts.push(`LocalScope has no prices or admission fees for ${id}.`);
      if (KIND.freeToEnter.test(p.kind))
        parts.push(
          `${sentence(article(p.kind))} ${p.kind.toLowerCase()} usually costs nothing to visit, but check before you go.`,
        );
      if (p.website) parts.push(`Its website, ${p.website}, may say.`);
      else if (p.phone) parts.push(`You can ask at ${p.phone}.`);
      parts.push(`It is ${what(p, city)}.`);
      break;
    }
    case "worth": {
      parts.push(`${id} is ${what(p, city)}.`);
      const evidence: string[] = [];
      if (p.wikipedia) evidence.push("Wikipedia has an article about it");
      const datasets = new Set(p.sources.map((s) => s.source)).size;
      if (datasets > 1) evidence.push(`${datasets} of LocalScope's datasets list it`);
      if (evidence.length) parts.push(`${sentence(listed(evidence)!)}.`);
      parts.push(...sourcesSay(p, g.story));
      parts.push("LocalScope has no ratings or reviews, so this is what the sources say rather than an opinion.");
      break;
    }
    default:
      parts.push(`${id} is ${what(p, city)}.`, ...sourcesSay(p, g.story));
      if (p.address) parts.push(`You'll find it at ${stop(p.address)}.`);
      if (p.phone) parts.push(`Phone: ${p.phone}.`);
      parts.push(hours(p).replace(` Call ${p.phone} to check before you go.`, ""));
      if (p.website) parts.push(`Website: ${p.website}.`);
  }
  if (g.around.length && ["about", "worth", "address", "distance"].includes(g.intent.asks))
    parts.push(
      `Near it: ${listed(g.around.map((a) => `[[${a.id}]] (${(a.distance ?? 0) < 0.1 ? "next door" : `${a.distance} mi`})`))}.`,
    );
  return parts.join(" ");
}
