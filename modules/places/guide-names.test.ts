import { expect, test } from "bun:test";
import type { Row } from "@libsql/client";
import { corroborated, orderFeatured } from "./ranking";
import { oneOfEachArticle } from "./same-article";

const row = (id: number, title: string, source: string, extra: Record<string, unknown> = {}) =>
  ({
    id,
    title,
    title_key: title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, " ")
      .trim(),
    source,
    category_id: 9,
    kind: source === "wikivoyage-do" ? "activity" : "zoo or aquarium",
    notability: source === "wikivoyage-do" ? 1 : 6,
    quality: 3,
    latitude: 33.733,
    longitude: -84.372,
    sources: JSON.stringify([{ source }]),
    tags: source === "imls-museums" ? JSON.stringify({ discipline: "ZAW", income: "8" }) : null,
    description: null,
    ...extra,
  }) as never;

test("a travel guide's listing and the museum census's record of one sight under a longer name are one sight, shown under the guide's name and scored with both", () => {
  const guide = row(1, "Zoo Atlanta", "wikivoyage-do");
  const census = row(2, "Atlanta-Fulton County Zoo", "imls-museums", { latitude: 33.7345 });
  const alone = corroborated([census]);
  const sights = corroborated([guide, census]);
  expect(sights).toHaveLength(1);
  expect(String(sights[0]!.r.title)).toBe("Zoo Atlanta");
  // The guide's agreement counts: the sight scores more than the census record alone.
  expect(sights[0]!.n).toBeGreaterThan(alone[0]!.n);
});

test("the guide's listing keeps apart: a hotel or a café named after the sight, a record of another name, one far away", () => {
  const guide = row(1, "Faneuil Hall", "wikivoyage-do");
  const hotel = row(2, "Hyatt Centric Faneuil Hall", "alltheplaces", { category_id: 11, kind: "hotel" });
  const cafe = row(3, "Faneuil Hall Cafe", "osm", { category_id: 10, kind: "cafe" });
  const other = row(4, "Quincy Market", "historic-wikipedia", { kind: "historic site" });
  const far = row(5, "Faneuil Hall Marketplace Museum", "imls-museums", { latitude: 33.75 }); // 1.2 mi
  const sights = corroborated([guide, hotel, cafe, other, far]);
  expect(sights).toHaveLength(5);
  expect(sights.find((s) => Number(s.r.id) === 1)!.r.title).toBe("Faneuil Hall");
});

test("two listings of the guide never join each other, and a one-word name joins nothing", () => {
  const park = row(1, "Centennial Park", "wikivoyage-do");
  const sportsplex = row(2, "Centennial Park Sportsplex", "wikivoyage-do");
  const opry = row(3, "Opry", "wikivoyage-do");
  const opryMills = row(4, "Opry Mills Museum", "imls-museums");
  expect(corroborated([park, sportsplex, opry, opryMills])).toHaveLength(4);
});

test("a Park Service unit's formal name joins the sight's common name nearby; a place named after the unit stays apart", () => {
  const at = { category_id: 8, kind: "historic site", latitude: 38.8813, longitude: -77.0365 };
  const unit = row(1, "Thomas Jefferson Memorial", "nps", {
    ...at,
    notability: 3,
    tags: JSON.stringify({ npsCode: "thje", npsVisits: "2800000" }),
  });
  const memorial = row(2, "Jefferson Memorial", "osm-monuments", { ...at, notability: 9, latitude: 38.8814 });
  const museum = row(3, "Thomas Jefferson Memorial Foundation Museum", "imls-museums", { ...at, latitude: 38.8816 });
  const alone = corroborated([memorial]);
  const sights = corroborated([unit, memorial, museum]);
  expect(sights).toHaveLength(2);
  const jefferson = sights.find((s) => /Jefferson Memorial$/.test(String(s.r.title)))!;
  // The unit's visits count for the memorial: it scores more than its own record alone.
  expect(jefferson.n).toBeGreaterThan(alone[0]!.n + 2);
  expect(sights.some((s) => String(s.r.title) === "Thomas Jefferson Memorial Foundation Museum")).toBe(true);
});

test("two rows linking one Wikipedia article within a mile are one place: the lower leaves featured", () => {
  const building = row(1, "Marshall Field and Company Building", "historic-wikipedia", {
    tags: JSON.stringify({ wikipedia: "https://en.wikipedia.org/wiki/Marshall_Field_and_Company_Building" }),
  });
  const shop = row(2, "Macy's", "osm", {
    latitude: 33.735,
    tags: JSON.stringify({ wikipedia: "en:Marshall Field and Company Building" }),
  });
  const branch = row(3, "Macy's", "osm", {
    latitude: 33.9,
    tags: JSON.stringify({ wikipedia: "en:Marshall Field and Company Building" }),
  });
  const kept = oneOfEachArticle([building, shop, branch].map((r: Row) => ({ r })));
  expect(kept.map(({ r }) => Number(r.id))).toEqual([1, 3]);
});

test("between sights of equal fame, the one more independent datasets hold comes first, whatever its record's field count", () => {
  const observatory = [
    row(1, "Griffith Observatory", "osm-city-extracts", { kind: "museum", notability: 5, quality: 2 }),
    row(2, "Griffith Observatory", "imls-museums", { kind: "science museum", notability: 3, quality: 2 }),
  ];
  // One list's record and its article count as one voice, however many heritage lists hold it.
  const cemetery = [
    row(3, "Hollywood Forever Cemetery", "historic-wikipedia", { kind: "historic site", notability: 7, quality: 5 }),
  ];
  const sights = corroborated([...observatory, ...cemetery]).map((s) => ({ ...s, n: 7 }));
  const ordered = orderFeatured(
    sights,
    sights.map(() => ({ names: 0, datasets: 0 })),
    () => 1,
  );
  expect(ordered.map(({ r }) => String(r.title))).toEqual(["Griffith Observatory", "Hollywood Forever Cemetery"]);
});

test("a guide's listing and the census's record of one one-word sight, given whole and alike 2 mi apart, are one sight", () => {
  // The census geocodes "The Parthenon" at the city's mailing address, the guide at the building in its park.
  const census = row(1, "The Parthenon", "imls-museums", {
    kind: "museum",
    notability: 2,
    latitude: 36.1645,
    title_key: "parthenon",
  });
  const guide = row(2, "The Parthenon", "wikivoyage-do", {
    latitude: 36.1496,
    longitude: -84.4,
    title_key: "parthenon",
  });
  const one = corroborated([census, guide]);
  expect(one).toHaveLength(1);
  expect(one[0]!.agree).toBe(2);
  // The card stands where the guide places the sight, not at the census's mailing address.
  expect([one[0]!.r.id, one[0]!.r.latitude, one[0]!.r.source]).toEqual([2, 36.1496, "wikivoyage-do"]);
  expect(one[0]!.key).toBe("parthenon");
  // A short word ("Rotunda" has 7 letters) or two names that only share a word stay apart.
  expect(
    corroborated([row(3, "Rotunda", "imls-museums"), row(4, "Rotunda", "wikivoyage-do", { latitude: 33.75 })]),
  ).toHaveLength(2);
  expect(
    corroborated([
      row(5, "The Hermitage", "imls-museums", { title_key: "hermitage" }),
      row(6, "Hermitage Hotel", "wikivoyage-do", { latitude: 33.75 }),
    ]),
  ).toHaveLength(2);
});

test("a census record keeps the card where another dataset's record of the sight stands near it, or where only the business directory disagrees", () => {
  // Griffith Observatory: the census at the park's address 1.3 mi from OpenStreetMap's point at the building.
  const census = row(1, "Griffith Observatory", "imls-museums", { kind: "museum", notability: 6 });
  const osmFar = row(2, "Griffith Observatory", "osm-city-extracts", {
    kind: "museum",
    notability: 3,
    latitude: 33.752,
  });
  expect(corroborated([census, osmFar]).map((s) => s.r.id)).toEqual([2]);
  // Another dataset's record within the corroboration distance agrees with the census's point: the census stays.
  const osmNear = row(3, "Griffith Observatory", "osm-city-extracts", {
    kind: "museum",
    notability: 3,
    latitude: 33.735,
  });
  expect(corroborated([census, osmFar, osmNear]).map((s) => s.r.id)).toEqual([1]);
  // The 2011 business directory files addresses too: its point is no better than the census's.
  const directory = row(4, "Griffith Observatory", "wof-simplegeo", {
    kind: "museum",
    notability: 1,
    latitude: 33.752,
  });
  expect(corroborated([census, directory]).map((s) => s.r.id)).toEqual([1]);
});

test("a museum's own census record joins its foundation's and an article's records 1.2 mi away: one sight, not two", () => {
  // Spokane: the census's foundation record and Wikipedia's article at the museum, the museum's census record 1.2 mi off.
  const foundation = row(1, "Northwest Museum of Arts and Culture Foundation", "imls-museums", {
    kind: "museum",
    notability: -2,
    title_key: "northwest museum of arts and culture foundation",
  });
  const article = row(2, "Northwest Museum of Arts and Culture", "historic-wikipedia", {
    kind: "museum",
    notability: 5,
    latitude: 33.7335,
  });
  const museum = row(3, "Northwest Museum of Arts & Culture", "imls-museums", {
    kind: "museum",
    notability: 2,
    latitude: 33.751,
    title_key: "northwest museum of arts and culture",
  });
  expect(corroborated([foundation, article, museum]).map((s) => s.r.id)).toEqual([2]);
  // Two records of one name from one dataset, 1.2 mi apart, stay two places, another dataset's record beside one or not.
  const memorial = (id: number, source: string, latitude: number) =>
    row(id, "Veterans Memorial Park", source, { kind: "park", notability: 3, latitude });
  expect(
    corroborated([memorial(4, "osm-city-extracts", 33.733), memorial(5, "osm-city-extracts", 33.751)]),
  ).toHaveLength(2);
  expect(
    corroborated([
      memorial(4, "osm-city-extracts", 33.733),
      memorial(6, "historic-wikipedia", 33.7335),
      memorial(5, "osm-city-extracts", 33.751),
    ]),
  ).toHaveLength(2);
});
