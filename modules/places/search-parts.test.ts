/** Each place's part of a city's search answers, kept (./search-parts.ts): answers the same as made afresh. */
import { describe, expect, test } from "bun:test";
import { testServices } from "../../src/testing";
import { type Place, toPlace } from "./answers";
import { partOf } from "./search-parts";
import { PlacesService } from "./service";

const { database, cityIndex, places } = await testServices();
const city = cityIndex.find("Las Vegas", "NV")!;

describe("a place's part of an answer", () => {
  test("is the place's JSON once its open-now is put back, whatever its texts hold", async () => {
    const { rows } = await database.client.execute(
      "SELECT * FROM places WHERE opening_hours IS NOT NULL AND state_code = 'NV' ORDER BY id LIMIT 50",
    );
    expect(rows.length).toBe(50);
    const places: Place[] = rows.map((r) => toPlace(r, city, city.timezone));
    const first = places[0]!;
    // Texts that look like the key, quotes, backslashes, letters outside Latin-1.
    places.push(
      { ...first, title: '","openNow":true,"x":"', description: 'say "openNow":null \\"' },
      { ...first, title: "Café ☕ \u2028 \\u0022openNow\\u0022:", address: '"openNow":' },
    );
    for (const place of places)
      for (const open of [true, false, null]) {
        const part = partOf(place, city.timezone, null, 2026);
        expect(`${part.head}${JSON.stringify(open)}${part.tail}`).toBe(JSON.stringify({ ...place, openNow: open }));
      }
  });
});

describe("a city's searches with parts kept", () => {
  test("answer as a service with nothing kept does, place for place and field for field", async () => {
    // Searches that show many of the same places (the parts of the first are kept for the others), then the
    // same searches on a service of its own that keeps nothing yet: one answer each.
    const texts = ["museum", "museu", "useum", "casino", "asino", "park", "the", "coffee", "offe", "ing"];
    const fresh = (q: string) => new PlacesService(database.client, cityIndex, async () => {}).searchJson(q, city, 20);
    const kept: unknown[] = [];
    const made: unknown[] = [];
    for (const q of texts) kept.push(JSON.parse(await places.searchJson(q, city, 20)));
    for (const q of texts) made.push(JSON.parse(await fresh(q)));
    // "Open now" is worked out for each answer: the moment may differ between the two.
    const withoutOpenNow = (answers: unknown[]) =>
      (answers as Place[][]).map((answer) => answer.map(({ openNow: _, ...place }) => place));
    expect(withoutOpenNow(kept)).toEqual(withoutOpenNow(made));
    expect((kept as Place[][]).reduce((n, answer) => n + answer.length, 0)).toBeGreaterThan(100);
  }, 60_000);

  test("a change of the state's places is shown at the next search (its parts are dropped with the answers)", async () => {
    const before = JSON.parse(await places.searchJson("casino", city, 20)) as Place[];
    const first = before[0]!;
    const { rows } = await database.client.execute({
      sql: "SELECT description FROM places WHERE id = ?",
      args: [first.id],
    });
    try {
      await database.client.execute({
        sql: "UPDATE places SET description = 'A description changed by the test.' WHERE id = ?",
        args: [first.id],
      });
      places.invalidate(["NV"]);
      const after = JSON.parse(await places.searchJson("asino", city, 20)) as Place[];
      expect(after.find((p) => p.id === first.id)?.description).toBe("A description changed by the test.");
    } finally {
      await database.client.execute({
        sql: "UPDATE places SET description = ? WHERE id = ?",
        args: [rows[0]!.description, first.id],
      });
      places.invalidate(["NV"]);
    }
  });
});
