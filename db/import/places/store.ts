import type { Client, InStatement } from "@libsql/client";
import type { Dataset, PlaceInput, ReadResult } from "./types";
import { CATEGORY } from "./types";
import { titleKey } from "./titles";
import { BUSINESS_DUMP, junkReason, repeatedChain } from "./filters";
import { releaseStatements } from "../release";
import { TownFinder, yieldAreaTown } from "./town-of-point";
import { ChainIndex } from "./chain-evidence";
import { flagged } from "./quality";
import { COLUMNS, type Held, heldFromRow, type RowArgs, rowArgs, type SourceRef } from "./held";
import { carriedState, type StateCarry, stillStored } from "./carry";
import {
  CARRIED_TAGS,
  FILLABLE,
  lodgingKey,
  mergeInto,
  mergeSignals,
  PlaceGrid,
  preferArticle,
  SourceIndex,
} from "./merge";
import { emptySummary, type ImportSummary } from "./summary";
import { mailingOnly, Namesakes, withoutMailingAddress } from "./mailing-only";
import { writeImport } from "./write";
import { AddressPoints, checksAddresses } from "./address-point";

/**
 * One job: importing one dataset's records of one state into the store. Every import is idempotent and
 * deduplicating.
 * - (source, sourceId) already known → that place is updated, never duplicated.
 * - Otherwise the same normalised name within 100 m of an existing place, or (lodging) the same street
 *   address and phone → merged into it (blank fields filled, the source added to its `sources`; merge.ts).
 * - Otherwise a new place.
 * Records the junk filters reject (./filters.ts) are counted per reason and never stored; with `prune`, a
 * place linked to a record of this dataset that is no longer read (or now filtered) loses that source, and
 * goes when it has none left. Places already stored are deduplicated by the same rules when loaded.
 */

/**
 * Import one dataset's rows for one state. Existing places of the state are loaded first so that
 * deduplication happens in memory; writes go out in chunked batches (write.ts).
 */
export async function importDatasetState(
  client: Client,
  dataset: Pick<Dataset, "key" | "licence" | "read"> & { observedAt?: string | null },
  stateCode: string,
  options: {
    onProgress?: (read: number) => void;
    rows?: AsyncIterable<ReadResult> | Iterable<ReadResult>;
    prune?: boolean;
    carry?: StateCarry;
  } = {},
): Promise<ImportSummary> {
  const summary = emptySummary(dataset.key, stateCode);

  const towns =
    options.carry?.towns?.stateCode === stateCode
      ? options.carry.towns.finder
      : await TownFinder.forState(client, stateCode);
  if (options.carry) options.carry.towns = { stateCode, finder: towns };
  // Existing places of this state (and, for cross-border records, whatever the dataset already linked).
  const held: Held[] = [];
  const grid = new PlaceGrid();
  const bySource = new SourceIndex<Held>();
  const newLinks: Array<{ place: Held; ref: SourceRef }> = [];
  const gone: Held[] = [];
  /** `alone`: no other place to admit has its title key and it has no lodging key, so nothing can match it. */
  const admit = (p: Held, alone = false) => {
    // Stored before the 100 m / address-and-phone rules: fold a duplicate into the earlier place.
    const earlier = alone ? undefined : grid.findMatch(p, p.titleKey);
    if (earlier) {
      mergeInto(earlier, p, p.sources);
      for (const ref of p.sources) {
        bySource.set(ref.source, ref.sourceId, earlier);
        newLinks.push({ place: earlier, ref });
      }
      p.gone = true;
      gone.push(p);
      return;
    }
    held.push(p);
    grid.add(p);
    for (const s of p.sources) bySource.set(s.source, s.sourceId, p);
  };
  const carried = options.carry?.current;
  if (options.carry) options.carry.current = undefined;
  if (carried && carried.stateCode === stateCode && (await stillStored(client, carried))) {
    // The carried places: most titles occur once in a state, and such a place matches none of the others.
    const keys = new Map<string, number>();
    for (const p of carried.places) keys.set(p.titleKey, (keys.get(p.titleKey) ?? 0) + 1);
    for (const p of carried.places) admit(p, keys.get(p.titleKey) === 1 && !lodgingKey(p));
  } else {
    let after = 0;
    for (;;) {
      const page = await client.execute({
        sql: `SELECT id, ${COLUMNS} FROM places WHERE state_code = ? AND id > ? ORDER BY id LIMIT 5000`,
        args: [stateCode, after],
      });
      for (const r of page.rows) admit(heldFromRow((column) => r[column]));
      await releaseStatements(400);
      if (page.rows.length < 5000) break;
      after = Number(page.rows[page.rows.length - 1]!.id);
    }
  }

  // The 2011 dump against All the Places' branches of the same brands (chain-evidence.ts).
  const chains = dataset.key === BUSINESS_DUMP ? new ChainIndex<Held>() : undefined;
  if (chains) for (const p of held) chains.add(p);
  const fresh: Held[] = [];
  const namesakes = new Namesakes(() => [...held, ...fresh]);
  // A census point miles from its own street address is flagged, never moved (./address-point.ts).
  const addresses = checksAddresses(dataset.key)
    ? await AddressPoints.forState(client, stateCode, () => held)
    : undefined;
  const seen = new Set<string>();
  const rows = options.rows ?? dataset.read(stateCode);
  for await (const result of rows as AsyncIterable<ReadResult>) {
    summary.read++;
    if (summary.read % 5000 === 0) options.onProgress?.(summary.read);
    let skip = "skip" in result ? result.skip : junkReason(result);
    // A record at a PO box joins a place of its name in its town, or is left out (./mailing-only.ts).
    const mailing = !!skip && !("skip" in result) && mailingOnly(result);
    if (mailing) skip = junkReason(withoutMailingAddress(result as PlaceInput));
    if (skip) {
      summary.skipped[skip] = (summary.skipped[skip] ?? 0) + 1;
      continue;
    }
    let input = flagged(mailing ? withoutMailingAddress(result as PlaceInput) : (result as PlaceInput));
    const pointOff = addresses && !namesakes.find(input) ? addresses.contradiction(input) : null;
    if (pointOff) input = { ...input, tags: { ...(input.tags ?? {}), pointOff } };
    const verdict = chains?.match(input);
    if (verdict && "closed" in verdict)
      input = { ...input, tags: { ...(input.tags ?? {}), status: "probably closed", statusEvidence: verdict.closed } };
    if (
      (input.categoryId === CATEGORY.food ||
        input.categoryId === CATEGORY.stores ||
        input.categoryId === CATEGORY.lodging) &&
      repeatedChain(input.title)
    )
      summary.chains = (summary.chains ?? 0) + 1;
    const ref: SourceRef = {
      source: input.source,
      sourceId: input.sourceId,
      licence: dataset.licence,
      observedAt: input.observedAt ?? dataset.observedAt ?? null,
    };
    const refKey = `${ref.source}\u0000${ref.sourceId}`;
    seen.add(refKey);
    const known = bySource.get(ref.source, ref.sourceId);
    if (known) {
      // Re-import: the primary source refreshes its own fields; a secondary source only fills blanks.
      const primary = known.source === ref.source && known.sourceId === ref.sourceId;
      // A Wikipedia paragraph another record brought (preferArticle) stays with its link: the primary record's
      // own text (an inscription, a designation line) does not replace it under the article's attribution.
      const article = primary && !!known.tags?.wikipedia && !input.tags?.wikipedia;
      yieldAreaTown(known, input.city);
      for (const field of FILLABLE) {
        const value = input[field];
        if (article && field === "description") continue;
        if (value !== undefined && value !== null && (primary || known[field] == null)) (known as any)[field] = value;
      }
      if (primary) {
        known.title = input.title;
        known.titleKey = titleKey(input.title);
        known.kind = input.kind;
        known.categoryId = input.categoryId;
        known.latitude = input.latitude;
        known.longitude = input.longitude;
        // Signals merged from other datasets stay (notability).
        // …and so does an article's link whose paragraph another record brought (preferArticle).
        // The list verdict (`notListed`) is the rules' over the record's own name, given afresh with it: a rule that
        // no longer flags the name (a zoo under its society's name) must not find last import's verdict kept.
        const signals = Object.fromEntries(
          [...CARRIED_TAGS, "wikipedia"].flatMap((k) =>
            k !== "notListed" && known.tags?.[k] ? [[k, known.tags[k]]] : [],
          ),
        );
        known.tags = input.tags || Object.keys(signals).length ? { ...signals, ...(input.tags ?? {}) } : known.tags;
      } else {
        preferArticle(known, input);
        mergeSignals(known, input.tags);
      }
      const own = known.sources.find((s) => s.source === ref.source && s.sourceId === ref.sourceId);
      if (own) own.observedAt = ref.observedAt;
      known.dirty = true;
      summary.updated++;
      continue;
    }
    const key = titleKey(input.title);
    const match =
      (input.sameAs && bySource.get(input.sameAs.source, input.sameAs.sourceId)) ||
      grid.findMatch(input, key) ||
      (verdict && "same" in verdict ? verdict.same : undefined) ||
      (mailing ? namesakes.find(input) : undefined);
    if (match) {
      mergeInto(match, input, [ref]);
      bySource.set(ref.source, ref.sourceId, match);
      newLinks.push({ place: match, ref });
      summary.merged++;
      continue;
    }
    if (mailing) {
      const reason = junkReason(result as PlaceInput)!;
      summary.skipped[reason] = (summary.skipped[reason] ?? 0) + 1;
      seen.delete(refKey);
      continue;
    }
    const place: Held = { ...input, licence: dataset.licence, sources: [ref], titleKey: key, dirty: true };
    delete (place as Partial<PlaceInput>).observedAt;
    delete (place as Partial<PlaceInput>).sameAs;
    fresh.push(place);
    grid.add(place);
    bySource.set(ref.source, ref.sourceId, place);
    newLinks.push({ place, ref });
    summary.inserted++;
  }

  // Records of this dataset no longer read (or now filtered out): their places lose that source.
  const unlinks: InStatement[] = [];
  if (options.prune) {
    let pruned = 0;
    for (const p of held) {
      // A loop, not a filter: it runs for every place of the state, once per dataset, and most have no stale link.
      let stale: SourceRef[] | undefined;
      for (const s of p.sources)
        if (s.source === dataset.key && !seen.has(`${s.source}\u0000${s.sourceId}`)) (stale ??= []).push(s);
      if (!stale) continue;
      for (const s of stale)
        unlinks.push({
          sql: "DELETE FROM place_sources WHERE source = ? AND source_id = ?",
          args: [s.source, s.sourceId],
        });
      p.sources = p.sources.filter((s) => !stale!.includes(s));
      pruned += stale.length;
      if (!p.sources.length) {
        p.gone = true;
        gone.push(p);
        continue;
      }
      if (p.source === dataset.key && stale.some((s) => s.sourceId === p.sourceId)) {
        p.source = p.sources[0]!.source;
        p.sourceId = p.sources[0]!.sourceId;
        p.licence = p.sources[0]!.licence;
      }
      p.dirty = true;
    }
    if (pruned) summary.skipped["no longer in the dataset or now filtered (removed)"] = pruned;
  }

  const now = Date.now();
  // The values written for each place, when a carry takes the state's places on to the next dataset.
  const written = options.carry ? new Map<Held, RowArgs>() : undefined;
  const argsOf = (p: Held) => {
    if (p.stateCode === stateCode) towns.settle(p);
    const args = rowArgs(p, now);
    written?.set(p, args);
    return args;
  };
  await writeImport(client, { fresh, held, newLinks, unlinks, gone }, argsOf, `${dataset.key} ${stateCode}`);
  if (options.carry && written) options.carry.current = carriedState(stateCode, [...held, ...fresh], written);
  options.onProgress?.(summary.read);
  return summary;
}
