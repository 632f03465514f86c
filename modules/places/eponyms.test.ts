import { expect, test } from "bun:test";
import { corroborated, eponymBonus, eponyms, isStale, sightKey } from "./service";

const at = (key: string, source = "osm-city-extracts", latitude = 40.706, longitude = -73.997) => ({
  key,
  latitude,
  longitude,
  source,
});

test("names borrowed from a sight nearby count once per distinct name and per dataset, at most 6; far, one-word and street names do not count", () => {
  const names = [
    at("brooklyn bridge cafe"),
    at("brooklyn bridge garden bar"),
    at("brooklyn bridge cafe"), // the same name twice counts once
    at("brooklyn bridge park pier 6 dog run"),
    at("brooklyn bridge city hall subway station", "nys-national-register"),
    at("brooklyn bridgeport deli", "wikivoyage-do"), // not the whole name
    at("brooklyn bridge bagels", "imls-museums", 40.9, -73.997), // 13 mi away
    at("chelsea market"),
    at("5th avenue deli"),
  ];
  expect(eponyms([at("brooklyn bridge"), at("chelsea"), at("5th avenue"), at("empire state building")], names)).toEqual(
    [
      { names: 4, datasets: 2 },
      { names: 0, datasets: 0 },
      { names: 0, datasets: 0 },
      { names: 0, datasets: 0 },
    ],
  );
  expect(eponyms([at("brooklyn bridge")], names.slice(0, 2))).toEqual([{ names: 2, datasets: 1 }]);
});

test("a landmark that lends its name to more places than a local one counts more: up to six names and six datasets", () => {
  // Central Park and the White House lend their names to more places around them than a house museum does: at the
  // old cap of 4 both counted alike, and the listed houses and memorials around them led.
  const names = [
    "central park zoo",
    "central park west historic district",
    "central park boathouse",
    "central park conservancy",
    "central park south hotel",
    "central park carousel",
    "central park mall",
  ].map((key, i) =>
    at(
      key,
      [
        "osm-city-extracts",
        "nys-national-register",
        "nyc-landmarks",
        "imls-museums",
        "alltheplaces",
        "wikivoyage-do",
        "osm-city-extracts",
      ][i],
    ),
  );
  const local = names.slice(0, 4);
  const [wide] = eponyms([at("central park")], names);
  const [few] = eponyms([at("central park")], local);
  expect(wide).toEqual({ names: 6, datasets: 6 });
  expect(eponymBonus(13, wide!)).toBeGreaterThan(eponymBonus(13, few!));
});

test("a sight's own National Register name is not a name borrowed from it", () => {
  const names = [
    at("statue of liberty national monument ellis island liberty island", "nys-national-register"),
    at("statue of liberty ferry cafe"),
  ];
  expect(eponyms([at("statue of liberty")], names)).toEqual([{ names: 1, datasets: 1 }]);
});

test("names borrowed lift a notable sight, or a plain attraction that three datasets name places after; one dataset's naming habit does not", () => {
  // Times Square: an OSM attraction (3) that hotels, the National Register, the museum census and Wikivoyage name places after.
  expect(eponymBonus(3, { names: 4, datasets: 4 })).toBe(8);
  // A shop street of one business dump ("The Art Gallery …" ×4, all SimpleGeo) lends nothing to a weak sight …
  expect(eponymBonus(3, { names: 4, datasets: 1 })).toBe(0);
  expect(eponymBonus(5, { names: 2, datasets: 2 })).toBe(0);
  // … but counts for a sight notable by its own signals.
  expect(eponymBonus(6, { names: 2, datasets: 1 })).toBe(3);
  expect(eponymBonus(0, { names: 4, datasets: 4 })).toBe(0);
});

test("a National Register designation suffix names the same sight", () => {
  expect(sightKey("statue of liberty national monument ellis island liberty island")).toBe("statue of liberty");
  expect(sightKey("castle clinton national monument")).toBe("castle clinton");
  expect(sightKey("federal hall national memorial")).toBe("federal hall");
  expect(sightKey("edgar allan poe national historic site")).toBe("edgar allan poe");
  expect(sightKey("park slope historic district")).toBe("park slope");
  // Not a designation, and never down to one word.
  expect(sightKey("brooklyn bridge park")).toBe("brooklyn bridge park");
  expect(sightKey("grand canyon national park")).toBe("grand canyon");
  expect(sightKey("acadia national park")).toBe("acadia national park");
});

test("a casino listed only in data older than five years is stale, as food, stores and lodging are (never featured but as a casino resort without current data, labelled)", () => {
  const now = new Date("2026-11-24T00:00:00Z");
  expect(isStale(9, "2011", "casino", now)).toBe(true);
  expect(isStale(11, "2011", "casino hotel", now)).toBe(true);
  expect(isStale(9, "2025-11-17", "casino", now)).toBe(false);
  // A museum or a landmark does not age that way.
  expect(isStale(9, "2011", "museum", now)).toBe(false);
  expect(isStale(11, "2011", "hotel", now)).toBe(true);
  expect(isStale(9, null, "casino", now)).toBe(false);
});

test("a café or shop named like a sight nearby never joins the sight's records; the sight's card takes a Wikipedia paragraph one of its records has", () => {
  const row = (
    id: number,
    title: string,
    category_id: number,
    notability: number,
    extra: Record<string, unknown> = {},
  ) =>
    ({
      id,
      title,
      title_key: title
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, " ")
        .trim(),
      category_id,
      kind: "historic site",
      notability,
      quality: 1,
      latitude: 40.672,
      longitude: -73.977,
      sources: JSON.stringify([{ source: "nys-national-register" }]),
      tags: null,
      description: null,
      ...extra,
    }) as never;
  const district = row(1, "Park Slope Historic District", 8, 6, {
    kind: "historic district",
    description: "Listed on the National Register of Historic Places in 1983.",
  });
  const article = row(2, "Park Slope Historic District", 8, 5, {
    sources: JSON.stringify([{ source: "historic-wikipedia" }]),
    description: "Park Slope Historic District is a national historic district in Park Slope, Brooklyn.",
    tags: JSON.stringify({ wikipedia: "https://en.wikipedia.org/wiki/Park_Slope_Historic_District" }),
  });
  const cafe = row(3, "Park Slope", 10, 1, { kind: "cafe", latitude: 40.673 });
  const shop = row(4, "Park Slope", 12, 1, { kind: "books", latitude: 40.671 });
  const sights = corroborated([district, article, cafe, shop]);
  expect(sights).toHaveLength(3);
  const group = sights.find((s) => Number(s.r.id) === 1)!;
  expect(group.article && Number(group.article.id)).toBe(2);
  for (const id of [3, 4]) expect(sights.find((s) => Number(s.r.id) === id)?.article).toBeNull();
  // Without the rule the café's key ("park slope") is the district's key without its designation.
  expect(sightKey("park slope historic district")).toBe("park slope");
});
