import { textChunks } from "./util";

/**
 * GeoJSON features of a file, read as a stream (constant memory whatever the file's size): a FeatureCollection
 * (.geojson, .json, gzipped or not) or GeoJSON lines (.geojsonseq, .jsonl, RS-prefixed or not). A feature
 * longer than MAX_FEATURE_CHARS is not parsed: it yields `{ tooLarge: true }` (a hostile or broken file);
 * a feature that is not JSON throws.
 */
export const MAX_FEATURE_CHARS = 1_000_000;

export type StreamedFeature = { tooLarge: true } | Record<string, unknown>;

export function isLines(path: string) {
  return /\.(geojsonseq|jsonl?|ndjson)(\.gz)?$/.test(path);
}

export async function* geojsonFeatures(path: string): AsyncIterable<StreamedFeature> {
  yield* isLines(path) ? featureLines(textChunks(path)) : collectionFeatures(textChunks(path));
}

async function* featureLines(chunks: AsyncIterable<string>): AsyncIterable<StreamedFeature> {
  let buffer = "";
  let oversized = false;
  const parse = (line: string): StreamedFeature | null => {
    const trimmed = line.replace(/^\u001e/, "").trim();
    return trimmed ? (JSON.parse(trimmed) as Record<string, unknown>) : null;
  };
  for await (const chunk of chunks) {
    buffer += chunk;
    let nl: number;
    while ((nl = buffer.indexOf("\n")) >= 0) {
      const line = buffer.slice(0, nl);
      buffer = buffer.slice(nl + 1);
      if (oversized) {
        oversized = false;
        yield { tooLarge: true };
        continue;
      }
      const feature = parse(line);
      if (feature) yield feature;
    }
    // A line longer than the limit is dropped as it streams (never held whole).
    if (buffer.length > MAX_FEATURE_CHARS) {
      oversized = true;
      buffer = "";
    }
  }
  if (oversized) yield { tooLarge: true };
  else {
    const feature = parse(buffer);
    if (feature) yield feature;
  }
}

/**
 * The members of the top-level object's "features" array, one at a time: a small scanner tracks strings,
 * nesting and the key of each top-level array, and hands each feature's text to JSON.parse.
 */
async function* collectionFeatures(chunks: AsyncIterable<string>): AsyncIterable<StreamedFeature> {
  let depth = 0;
  let inString = false;
  let escaped = false;
  let stringStart = -1;
  let keyPrefix = "";
  let lastKey = "";
  let inFeatures = false;
  let feature: string[] | null = null;
  let featureLength = 0;
  let tooLarge = false;
  for await (const chunk of chunks) {
    let from = 0;
    for (let i = 0; i < chunk.length; i++) {
      const c = chunk.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 92 /* \ */) escaped = true;
        else if (c === 34 /* " */) {
          inString = false;
          if (depth === 1 && stringStart >= 0) lastKey = keyPrefix + chunk.slice(stringStart, i);
          keyPrefix = "";
        }
        continue;
      }
      if (c === 34) {
        inString = true;
        // Keys of the top-level object are short: only those starting in this chunk are read.
        stringStart = depth === 1 ? i + 1 : -1;
      } else if (c === 123 /* { */ || c === 91 /* [ */) {
        if (depth === 1 && c === 91) inFeatures = lastKey === "features";
        if (depth === 2 && inFeatures && c === 123) {
          feature = [];
          featureLength = 0;
          tooLarge = false;
          from = i;
        }
        depth++;
      } else if (c === 125 /* } */ || c === 93 /* ] */) {
        depth--;
        if (depth === 1 && c === 93) inFeatures = false;
        if (depth === 2 && feature && c === 125) {
          const tail = chunk.slice(from, i + 1);
          featureLength += tail.length;
          if (tooLarge || featureLength > MAX_FEATURE_CHARS) yield { tooLarge: true };
          else {
            feature.push(tail);
            yield JSON.parse(feature.join("")) as Record<string, unknown>;
          }
          feature = null;
        }
      }
    }
    // A key cut by the chunk's end: keep its start (keys are short; a long string is not a key we look for).
    if (inString && stringStart >= 0) {
      keyPrefix = (keyPrefix + chunk.slice(stringStart)).slice(0, 64);
      stringStart = 0;
    }
    if (feature) {
      const part = chunk.slice(from);
      featureLength += part.length;
      if (featureLength > MAX_FEATURE_CHARS) {
        tooLarge = true;
        feature.length = 0;
      } else feature.push(part);
      from = 0;
    }
  }
  if (depth !== 0 || inString) throw new Error("The GeoJSON file ends early (truncated?)");
}
