import { segments } from "../../ui/chat-text";
import type { ChatAnswer } from "./model";

/**
 * The assistant's evaluation suite: questions a traveller asks, over many cities, each with the behaviour
 * expected (the place named, the phone/address/hours given or honestly missing, the city switched, no list
 * for nonsense, no junk first). The names here are test expectations, never data the product reads.
 * Run by modules/chat/eval.test.ts (npm test) and scripts/bench-chat.ts (pass rate).
 */

export interface EvalCase {
  location: string;
  query: string;
  /** A place the answer names (its first cited place). */
  names?: RegExp;
  /** The answer holds a phone number the chat turns into a tel: link. */
  phone?: boolean;
  /** The answer holds a street address the chat turns into a maps link. */
  address?: boolean;
  /** The answer is for this city ("City, ST"). */
  answerFor?: string;
  /** No place is listed (off-topic or nonsense). */
  noList?: boolean;
  /** The text says this. */
  says?: RegExp;
  /** None of the first three places' titles matches (junk). */
  notFirst?: RegExp;
}

const NO_RECORD = /LocalScope has no record of/;
const HELP = /I can help with/;
const NO_HOURS = /LocalScope has no opening hours for/;
const JUNK = /\b(Division|Bakeries USA|Inc|LLC|Corp|Wholesale|Distributors?|Supply)\b/i;

export const EVAL_CASES: EvalCase[] = [
  // The questions that show the subject was understood (Las Vegas).
  { location: "Las Vegas, NV", query: "What is the phone number of the Mob Museum?", names: /Mob Museum/, phone: true },
  { location: "Las Vegas, NV", query: "Where can I get coffee?", notFirst: JUNK, says: /café|coffee/i },
  { location: "Las Vegas, NV", query: "What should I see in Chicago?", answerFor: "Chicago, IL", says: /Chicago/ },
  { location: "Las Vegas, NV", query: "asdf qwerty zxcv", noList: true, says: HELP },
  { location: "Las Vegas, NV", query: "What's the address of the Neon Museum?", names: /Neon Museum/, address: true },
  { location: "Las Vegas, NV", query: "Is the Mob Museum open now?", names: /Mob Museum/, says: NO_HOURS },
  { location: "Las Vegas, NV", query: "Tell me about the Mob Musuem", names: /Mob Museum/ },
  { location: "Las Vegas, NV", query: "What's the phone number of Joe's Imaginary Diner?", says: NO_RECORD },
  { location: "Las Vegas, NV", query: "How far is the Neon Museum?", names: /Neon Museum/, says: /mi from downtown/ },
  { location: "Las Vegas, NV", query: "Is the Neon Museum worth it?", names: /Neon Museum/, says: /no ratings/ },
  { location: "Las Vegas, NV", query: "What's the weather like tomorrow?", noList: true, says: HELP },
  {
    location: "Las Vegas, NV",
    query: "Bellagio Gallery of Fine Art phone number",
    names: /Bellagio Gallery/,
    phone: true,
  },
  // Chicago
  {
    location: "Chicago, IL",
    query: "When does the Art Institute of Chicago open?",
    names: /Art Institute/,
    says: /lists its hours as/,
  },
  { location: "Chicago, IL", query: "What is the phone number of Wrigley Field?", names: /Wrigley Field/, phone: true },
  { location: "Chicago, IL", query: "Where is Buckingham Fountain?", names: /Buckingham Fountain/, address: true },
  { location: "Chicago, IL", query: "Where can I get coffee?", notFirst: JUNK, says: /café|coffee/i },
  { location: "Chicago, IL", query: "Tell me about the Auditorium Theatre", names: /Auditorium Theatre/ },
  // New York
  { location: "New York, NY", query: "What restaurants are popular here?", says: /places to eat/ },
  { location: "New York, NY", query: "What should I see in Boston?", answerFor: "Boston, MA" },
  { location: "New York, NY", query: "hello", noList: true, says: HELP },
  { location: "New York, NY", query: "Is the Zzyzx Blorp Museum worth it?", says: NO_RECORD },
  // Boston
  {
    location: "Boston, MA",
    query: "What's the phone number for the Wang Theatre?",
    names: /Wang Theatre/,
    phone: true,
  },
  { location: "Boston, MA", query: "Tell me about Harvard Stadium", names: /Harvard Stadium/ },
  { location: "Boston, MA", query: "Where can I get coffee?", notFirst: JUNK },
  // Pittsburgh
  {
    location: "Pittsburgh, PA",
    query: "What's the address of the August Wilson Center?",
    names: /August Wilson/,
    address: true,
  },
  { location: "Pittsburgh, PA", query: "Show me historical places nearby", says: /historic places/ },
  // Savannah
  { location: "Savannah, GA", query: "Where should I stay?", says: /places to stay/, notFirst: JUNK },
  { location: "Savannah, GA", query: "Things to do with kids", says: /families with kids/ },
  // New Orleans
  {
    location: "New Orleans, LA",
    query: "What is the phone number of the Contemporary Arts Center?",
    names: /Contemporary Arts Center/,
    phone: true,
  },
  { location: "New Orleans, LA", query: "What should I see in Baton Rouge?", answerFor: "Baton Rouge, LA" },
  // Salt Lake City
  { location: "Salt Lake City, UT", query: "What's the phone number of Hogle Zoo?", names: /Hogle Zoo/, phone: true },
  { location: "Salt Lake City, UT", query: "Where can I shop locally?", says: /places to shop/, notFirst: JUNK },
  // St. Louis
  { location: "St. Louis, MO", query: "Where can I get a drink?", says: /bars and places for a drink/ },
  {
    location: "St. Louis, MO",
    query: "What is the phone number of Gateway Arch National Park?",
    names: /Gateway Arch/,
    phone: true,
  },
  // Texas
  {
    location: "San Antonio, TX",
    query: "What is the phone number of the Spanish Governor's Palace?",
    names: /Spanish Governor/,
    phone: true,
  },
  { location: "Austin, TX", query: "Tell me about the Texas State Capitol", names: /Texas State Capitol/ },
  { location: "Austin, TX", query: "Can you write me a poem?", noList: true, says: HELP },
  // Washington
  {
    location: "Washington, DC",
    query: "What's the phone number of the National Postal Museum?",
    names: /National Postal Museum/,
    phone: true,
  },
  {
    location: "Washington, DC",
    query: "What's the website of The Phillips Collection?",
    names: /Phillips Collection/,
    says: /website is http/,
  },
  {
    location: "Washington, DC",
    query: "Is the International Spy Museum open now?",
    names: /Spy Museum/,
    says: NO_HOURS,
  },
  { location: "Washington, DC", query: "Where is the Textile Museum?", names: /Textile Museum/, address: true },
  { location: "Washington, DC", query: "Tell me a joke", noList: true, says: HELP },
];

/** What is wrong with an answer to a case ([] when it behaves as expected). */
export function evalFailures(c: EvalCase, answer: ChatAnswer): string[] {
  const wrong: string[] = [];
  const parts = segments(answer.response, answer.location);
  if (/\[\[|\]\]/.test(answer.response)) wrong.push("a marker left in the text");
  if (/\b\d(\.\d)?\s*(stars?|\/\s*5)\b|\brated\b/i.test(answer.response)) wrong.push("a rating");
  if (c.names && !c.names.test(answer.places[0]?.title ?? "")) wrong.push(`does not name ${c.names}`);
  if (c.phone && !parts.some((s) => s.kind === "phone")) wrong.push("no phone link");
  if (c.address && !parts.some((s) => s.kind === "address")) wrong.push("no address link");
  if (c.answerFor && answer.location !== c.answerFor) wrong.push(`answers for ${answer.location}`);
  if (c.noList && answer.places.length) wrong.push(`lists ${answer.places.length} places`);
  if (c.says && !c.says.test(answer.response)) wrong.push(`does not say ${c.says}`);
  const first = answer.places.slice(0, 3).find((p) => c.notFirst?.test(p.title));
  if (first) wrong.push(`leads with ${first.title}`);
  return wrong;
}

/** Asks every case; the cases that failed, with why. */
export async function runEval(ask: (query: string, location: string) => Promise<ChatAnswer>) {
  const failed: Array<{ case: EvalCase; why: string[]; response: string }> = [];
  for (const c of EVAL_CASES) {
    const answer = await ask(c.query, c.location);
    const why = evalFailures(c, answer);
    if (why.length) failed.push({ case: c, why, response: answer.response.slice(0, 240) });
  }
  return { total: EVAL_CASES.length, passed: EVAL_CASES.length - failed.length, failed };
}
