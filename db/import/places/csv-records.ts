/**
 * One job: the records of a slice of CSV text (whole records; the header row read before) as csv-parse gives
 * them with the import's options, without csv-parse for the plain lines. csv-parse turns the text into bytes
 * and walks them one at a time: parsing a state's 2011 business file was an eighth of that state's import.
 * A line with no quote, no stray line break and as many fields as there are columns is cut at its commas
 * here; every other line (a quoted field, which may span lines, or a short or long row) goes to csv-parse,
 * which then sees exactly the text it saw before (whole records, the same options). The same objects either way.
 */
import { parse } from "csv-parse/sync";

export const CSV_OPTIONS = { skip_empty_lines: true, bom: true, relax_column_count: true, relax_quotes: true } as const;

type Row = Record<string, string>;

/** csv-parse's records of `text`; `delimiter`: the record delimiter it found in the whole slice. */
const slow = (text: string, columns: string[], delimiter?: string): Row[] =>
  text
    ? (parse(text, { columns, ...CSV_OPTIONS, ...(delimiter ? { record_delimiter: delimiter } : {}) }) as Row[])
    : [];

export function csvRecords(text: string, columns: string[]): Row[] {
  const nl = text.indexOf("\n");
  const cr = text.indexOf("\r");
  const quote = text.indexOf('"');
  const firstBreak = nl < 0 ? cr : cr < 0 ? nl : Math.min(nl, cr);
  // csv-parse takes the record delimiter from the first line break outside quotes ("\r\n", "\n" or "\r"); a
  // slice whose first line holds a quote, that starts with a byte-order mark, or ends its lines with a bare
  // "\r" is left to it whole. So are columns a plain assignment would not make own fields of.
  if (
    firstBreak < 0 ||
    (quote >= 0 && quote < firstBreak) ||
    text.charCodeAt(0) === 0xfeff ||
    (firstBreak === cr && text.charCodeAt(cr + 1) !== 10) ||
    columns.includes("__proto__")
  )
    return slow(text, columns);
  const delimiter = firstBreak === cr ? "\r\n" : "\n";
  const lines = text.split(delimiter);
  const rows: Row[] = [];
  // Lines csv-parse reads, gathered until their quotes pair up (a quoted field may hold line breaks).
  let pending: string[] = [];
  let quotes = 0;
  const flush = () => {
    if (!pending.length) return;
    for (const row of slow(`${pending.join(delimiter)}${delimiter}`, columns, delimiter)) rows.push(row);
    pending = [];
    quotes = 0;
  };
  const width = columns.length;
  for (const line of lines) {
    if (pending.length && quotes % 2 === 1) {
      pending.push(line);
      quotes += count(line, '"');
      continue;
    }
    if (!line) continue; // an empty line (or the text after the last break): csv-parse skips it too
    const plain = line.indexOf("\r") < 0 && (delimiter === "\n" || line.indexOf("\n") < 0);
    const fields = !plain ? undefined : line.indexOf('"') < 0 ? line.split(",") : quotedFields(line);
    if (!fields || fields.length !== width) {
      pending.push(line);
      quotes += count(line, '"');
      continue;
    }
    flush();
    const row: Row = {};
    for (let i = 0; i < width; i++) row[columns[i]!] = fields[i]!;
    rows.push(row);
  }
  flush();
  return rows;
}

/**
 * The fields of one line with quoted fields ("a, b" and "say ""hi"""), or undefined for anything else: a quote
 * inside an unquoted field, text after a closing quote, a quoted field that goes on past the line.
 */
function quotedFields(line: string): string[] | undefined {
  const fields: string[] = [];
  let at = 0;
  for (;;) {
    if (line.charCodeAt(at) !== 34) {
      const comma = line.indexOf(",", at);
      const field = comma < 0 ? line.slice(at) : line.slice(at, comma);
      if (field.indexOf('"') >= 0) return undefined;
      fields.push(field);
      if (comma < 0) return fields;
      at = comma + 1;
      continue;
    }
    let value = "";
    let from = at + 1;
    for (;;) {
      const close = line.indexOf('"', from);
      if (close < 0) return undefined;
      value += line.slice(from, close);
      if (line.charCodeAt(close + 1) === 34) {
        value += '"';
        from = close + 2;
        continue;
      }
      at = close + 1;
      break;
    }
    fields.push(value);
    if (at === line.length) return fields;
    if (line.charCodeAt(at) !== 44) return undefined;
    at++;
  }
}

/** A whole file's records, its first row naming the columns (csv-parse's `columns: true`). */
export function csvFileRecords(text: string): Row[] {
  // The header row ends at the first line break with its quotes paired.
  let end = text.indexOf("\n") + 1;
  while (end > 0 && count(text.slice(0, end), '"') % 2 === 1) end = text.indexOf("\n", end) + 1;
  const columns = end > 0 ? (parse(text.slice(0, end), { bom: true }) as string[][])[0] : undefined;
  if (!columns) return parse(text, { columns: true, ...CSV_OPTIONS }) as Row[];
  return csvRecords(text.slice(end), columns);
}

function count(text: string, char: string): number {
  let n = 0;
  for (let at = text.indexOf(char); at >= 0; at = text.indexOf(char, at + 1)) n++;
  return n;
}
