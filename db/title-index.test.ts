import { afterAll, expect, test } from "bun:test";
import { migratedDatabase } from "./testing-template";
import { mergeTitleIndex } from "./title-index";

const database = await migratedDatabase("ls-title-index-");
afterAll(() => database.close());

const segments = async () =>
  Number((await database.client.execute("SELECT count(DISTINCT segid) AS n FROM places_fts_idx")).rows[0]!.n);

test("imports leave the title index in many segments; merging leaves one, and every title is still found", async () => {
  // Each import batch (a transaction) writes a segment of its own, as a state's datasets do.
  for (let batch = 0; batch < 12; batch++)
    await database.client.execute({
      sql: `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200)
            INSERT INTO places (source, source_id, licence, sources, category_id, kind, title, title_key, state_code, latitude, longitude, quality, updated_at)
            SELECT 'test', ? || '-' || i, 'CC0', '[]', 9, 'gallery', 'Gallery ' || ? || ' number ' || i, 'gallery', 'NV', 36, -115, 1, 0 FROM n`,
      args: [`b${batch}`, `b${batch}`],
    });
  const found = async (text: string) =>
    Number(
      (
        await database.client.execute({
          sql: "SELECT count(*) AS n FROM places_fts WHERE places_fts MATCH ?",
          args: [`"${text}"`],
        })
      ).rows[0]!.n,
    );
  expect(await segments()).toBeGreaterThan(1);
  const before = { all: await found("gallery"), one: await found("b7 number 200") };
  expect(before).toEqual({ all: 2400, one: 1 });
  expect(await mergeTitleIndex(database.client)).toBeGreaterThan(1);
  expect(await segments()).toBe(1);
  expect({ all: await found("gallery"), one: await found("b7 number 200") }).toEqual(before);
  expect(await mergeTitleIndex(database.client)).toBe(1); // nothing left to merge
});
