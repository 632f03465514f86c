/**
 * What an import wrote, for comparing two builds of the importer: per state, the number of places and a checksum
 * over every column of its places and their source links (row ids and write times left out: they differ
 * between runs that store the same rows).
 */
import { createHash } from "node:crypto";
import type { Client } from "@libsql/client";

const COMPARED =
  "source, source_id, licence, sources, category_id, kind, title, title_key, description, address, city, state_code, zip, phone, website, opening_hours, wikidata, image_url, latitude, longitude, amenities, price_range, since, tags, quality, observed_at, notability, brand";

export async function placesChecksum(client: Client): Promise<Map<string, { places: number; checksum: string }>> {
  const out = new Map<string, { places: number; checksum: string }>();
  const states = (await client.execute("SELECT DISTINCT state_code FROM places ORDER BY state_code")).rows;
  for (const { state_code } of states) {
    const hash = createHash("sha1");
    const rows = await client.execute({
      sql: `SELECT ${COMPARED} FROM places WHERE state_code = ? ORDER BY source, source_id`,
      args: [state_code],
    });
    for (const r of rows.rows) hash.update(JSON.stringify(Object.values(r)));
    // Each source link with the place it points at (by the place's own record, not its row id).
    const links = await client.execute({
      sql: `SELECT ps.source, ps.source_id, ps.licence, p.source AS ps2, p.source_id AS psid FROM place_sources ps
              JOIN places p ON p.id = ps.place_id WHERE p.state_code = ? ORDER BY ps.source, ps.source_id`,
      args: [state_code],
    });
    for (const r of links.rows) hash.update(JSON.stringify(Object.values(r)));
    out.set(String(state_code), { places: rows.rows.length, checksum: hash.digest("hex").slice(0, 12) });
  }
  return out;
}
