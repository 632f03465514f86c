/** Reading source prose: sentences, a lead, and the years a text says something was built or designated. */

const ABBREVIATION =
  /(?:\b(?:St|Mt|Ft|Dr|Mr|Mrs|Ms|Jr|Sr|Co|Inc|Corp|Ave|Blvd|Rd|No|Gen|Col|Capt|Lt|Rev|Hon|Gov|Sen|Rep|ca|c|vs|etc|approx)|\b[A-Z]|\b(?:U\.S|D\.C|N\.Y|U\.K))\.$/;

/** Split prose into sentences without breaking at "St.", "U.S." or initials. */
export function sentences(text: string): string[] {
  const out: string[] = [];
  let current = "";
  for (const piece of text
    .replace(/\s+/g, " ")
    .trim()
    .split(/(?<=[.!?])\s+(?=["“(]?[A-Z0-9])/)) {
    current = current ? `${current} ${piece}` : piece;
    if (!ABBREVIATION.test(current)) {
      out.push(current);
      current = "";
    }
  }
  if (current) out.push(current);
  return out;
}

/** The first sentences of a text, up to about `max` characters (always at least one sentence). */
export function lead(text: string, max = 280): string {
  const parts = sentences(text);
  let out = parts[0] ?? "";
  for (const s of parts.slice(1)) {
    if (out.length + s.length + 1 > max) break;
    out += ` ${s}`;
  }
  return out;
}

export const YEAR = "(1[5-9]\\d{2}|20[0-2]\\d)";
const DESIGNATED = new RegExp(
  `\\b(listed on the National Register of Historic Places|added to the National Register of Historic Places|designated(?: an?| as)?[^.;]{0,60}?|declared[^.;]{0,60}?|placed)\\b[^.;]{0,30}?\\bin\\s+${YEAR}\\b`,
  "i",
);

/** The year a text says something was listed, designated or placed (a designation, not an age). */
export function designationYear(text: string): { year: number; phrase: string } | null {
  const m = DESIGNATED.exec(text);
  if (!m) return null;
  const phrase = /national register/i.test(m[1]!)
    ? "Listed on the National Register"
    : /placed/i.test(m[1]!)
      ? "Placed"
      : "Designated";
  return { year: Number(m[2]), phrase };
}
