/**
 * Fun facts from real text: the sentences of the Wikipedia and Wikivoyage texts we ship that state something a
 * traveller would tell a friend. A sentence is a hook when it says one of these (the rules, each a pattern):
 * - a record or a first: first, oldest, largest, tallest, longest, only, last remaining, earliest;
 * - an origin or a name's story: named after/for, founded by, takes its name, originally, nicknamed, known as;
 * - a famous person or event tied to it: born, died, lived, birthplace, home of, battle, gunfight, raid, visited,
 *   president, signed, filmed, inspired, discovered;
 * - something specific: a number with a unit (feet, miles, acres, tons, people), or a year in a sentence about
 *   what happened there.
 * Strength orders them: a record or an event before an origin, an origin before a bare specific.
 */
import { sentences } from "./text";
import { realSentence } from "./truth";

export type HookKind = "record" | "event" | "origin" | "specific";

const RECORD =
  /\b(first|oldest|largest|biggest|tallest|longest|highest|deepest|only (?:one|remaining|surviving)|last (?:remaining|surviving)|earliest|world's|nation's|country's|America's)\b/i;
const EVENT =
  /\b(was born|were born|birthplace|died|lived|home of|battles?|gunfights?|shootouts?|gunfighters?|massacre|raids?|siege|visited|presidents?|signed|filmed|inspired|discovered|invented|assassinat\w+|famous|famously|legend\w*|gold rush|silver|outlaws?|boom ?towns?|ghost towns?|bullet holes?)\b/i;
const ORIGIN =
  /\b(named (?:after|for)|takes its name|gets its name|name comes|founded by|was founded|originally|nicknamed|known as|settled by|derives from)\b/i;
const SPECIFIC =
  /\b\d[\d,.]*\s?(?:feet|ft|foot|miles?|acres?|tons?|meters?|metres?|people|visitors|rooms|stories|storeys|years)\b/i;

/** What kind of hook a sentence is, or null when it states nothing worth telling by these rules. */
export function hookOf(sentence: string): HookKind | null {
  if (!realSentence(sentence)) return null;
  if (RECORD.test(sentence)) return "record";
  if (EVENT.test(sentence)) return "event";
  if (ORIGIN.test(sentence)) return "origin";
  if (SPECIFIC.test(sentence)) return "specific";
  return null;
}

export const HOOK_STRENGTH: Record<HookKind, number> = { record: 4, event: 4, origin: 3, specific: 1 };

export interface Hook {
  kind: HookKind;
  /** The sentence itself, and the sentence before it when it opens with a pronoun (so the subject is named). */
  text: string;
  /** The text's other sentences, for a deeper level that adds detail (never a restatement). */
  rest: string[];
}

/** The best hook of a text (strongest, then earliest), or null. */
export function bestHook(text: string): Hook | null {
  const all = sentences(text);
  let best: { i: number; kind: HookKind } | null = null;
  for (const [i, s] of all.entries()) {
    const kind = hookOf(s);
    if (kind && (!best || HOOK_STRENGTH[kind] > HOOK_STRENGTH[best.kind])) best = { i, kind };
  }
  if (!best) return null;
  const s = all[best.i]!;
  const withSubject =
    best.i > 0 &&
    /^(It|Its|They|This|These|He|She|The (?:house|building|church|site|town|city|district|bridge|park))\b/.test(s);
  const used = withSubject ? [best.i - 1, best.i] : [best.i];
  return {
    kind: best.kind,
    text: used.map((i) => all[i]).join(" "),
    rest: all.filter((_, i) => !used.includes(i)),
  };
}
