import { expect, test } from "bun:test";
import type { Client } from "@libsql/client";
import { migratedDatabase } from "../../testing-template";
import { type Held, rowArgs } from "./held";
import { titleKey } from "./titles";
import { CATEGORY } from "./types";
import { writeImport } from "./write";

const place = (sourceId: string, title: string, latitude: number): Held => ({
  source: "osm",
  sourceId,
  licence: "ODbL-1.0",
  sources: [{ source: "osm", sourceId, licence: "ODbL-1.0" }],
  categoryId: CATEGORY.food,
  kind: "cafe",
  title,
  titleKey: titleKey(title),
  stateCode: "CT",
  latitude,
  longitude: -72.68,
  dirty: true,
});

/** Each written place's id against the row its record was written to. */
async function idsAgainstRows(client: Client, places: Held[]) {
  const rows = (await client.execute("SELECT id, source_id FROM places ORDER BY id")).rows;
  return {
    given: places.map((p) => [p.sourceId, p.id]),
    stored: rows.map((r) => [String(r.source_id), Number(r.id)]),
  };
}

async function written(client: Client) {
  // A place written and removed first: the next new row's id is above the highest ever given, not max(id) + 1.
  const removed = place("n0", "Gone Cafe", 41.7);
  await writeImport(
    client,
    { fresh: [removed], held: [], newLinks: [], unlinks: [], gone: [] },
    (p) => rowArgs(p, 1),
    "CT",
  );
  await client.execute({ sql: "DELETE FROM places WHERE id = ?", args: [removed.id!] });
  const fresh = [
    place("n1", "Blue Door Cafe", 41.76),
    place("n2", "Red Barn Cafe", 41.77),
    place("n3", "Mill Cafe", 41.78),
  ];
  await writeImport(client, { fresh, held: [], newLinks: [], unlinks: [], gone: [] }, (p) => rowArgs(p, 1), "CT");
  return idsAgainstRows(client, fresh);
}

test("new places get the ids of the rows their records were written to", async () => {
  const database = await migratedDatabase("ls-write-");
  const { given, stored } = await written(database.client);
  expect(given).toEqual(stored);
  expect(stored.map(([, id]) => id)).toEqual([2, 3, 4]);
  database.close();
});

test("when the transaction's last id is not what the chunk's order says, the ids are read back from the rows", async () => {
  const database = await migratedDatabase("ls-write-");
  const client = database.client;
  const batch = client.batch.bind(client);
  // The connection's last id reported one off: the ids cannot be assigned in order.
  client.batch = (async (statements, mode) => {
    const results = await batch(statements, mode);
    return results.map((result, i) =>
      i === results.length - 2 && "last" in (result.rows[0] ?? {})
        ? { ...result, rows: [{ ...result.rows[0]!, last: Number(result.rows[0]!.last) + 1 }] }
        : result,
    );
  }) as Client["batch"];
  const { given, stored } = await written(client);
  expect(given).toEqual(stored);
  expect(stored.map(([, id]) => id)).toEqual([2, 3, 4]);
  database.close();
});
