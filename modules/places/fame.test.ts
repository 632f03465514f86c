import { expect, test } from "bun:test";
import type { Row } from "@libsql/client";
import { fame, scoredName } from "./fame";
import { isOrganisation, junkInList, sightName } from "./showcase";

const listed = (title: string, tags: Record<string, string>) =>
  ({
    id: 1,
    title,
    title_key: title.toLowerCase(),
    source: "historic-wikipedia",
    category_id: 8,
    kind: "historic site",
    notability: 5,
    sources: JSON.stringify([{ source: "historic-wikipedia" }]),
    tags: JSON.stringify({ wikipedia: `https://en.wikipedia.org/wiki/${title.replaceAll(" ", "_")}`, ...tags }),
  }) as unknown as Row;
const score = (r: Row) => fame([r], r);
/** A row of the museum census. */
const census = (title: string, kind: string, tags: Record<string, string>) =>
  ({
    id: 2,
    title,
    title_key: title.toLowerCase(),
    source: "imls-museums",
    category_id: 9,
    kind,
    notability: 4,
    sources: JSON.stringify([{ source: "imls-museums" }]),
    tags: JSON.stringify(tags),
  }) as unknown as Row;

test("a listed office building, church or hotel with a short article is a façade: it scores below a listed sight of the same article", () => {
  const sight = listed("Japanese Tea Garden", { leadLength: "413", wikidataDescription: "garden in San Antonio" });
  for (const facade of [
    listed("Toof Building", { leadLength: "262" }),
    listed("Gunter Hotel", { leadLength: "204", wikidataDescription: "building in San Antonio, Texas" }),
    listed("Second Presbyterian", { leadLength: "466", wikidataDescription: "church building in Memphis" }),
  ])
    expect(score(facade)).toBeLessThan(score(sight));
});

test("a National Historic Landmark or a second body's list keeps a listed building among the sights; a long article alone does not", () => {
  const sight = listed("Japanese Tea Garden", { leadLength: "413" });
  // The Register's list articles cover its listings: their length is bookkeeping too.
  expect(score(listed("Dermon Building", { leadLength: "900" }))).toBeLessThan(score(sight));
  const twoBodies = {
    ...listed("Dermon Building", { leadLength: "900" }),
    sources: JSON.stringify([{ source: "historic-wikipedia" }, { source: "chicago-landmarks" }]),
  } as unknown as Row;
  expect(score(twoBodies)).toBeGreaterThanOrEqual(score(sight));
  expect(
    score(listed("Old North Church", { leadLength: "221", wikidataDescription: "church", nationalLandmark: "yes" })),
  ).toBeGreaterThan(score(sight));
});

test("an orchestra or a theatre company is an organisation, not a sight; its hall is a place", () => {
  const museum = (title: string) => ({ ...listed(title, {}), kind: "museum", category_id: 9 }) as unknown as Row;
  expect(isOrganisation(museum("Chicago Symphony Orchestra"))).toBe(true);
  expect(isOrganisation(museum("Arizona Theatre Company"))).toBe(true);
  expect(isOrganisation(museum("Symphony Hall"))).toBe(false);
  expect(junkInList(museum("Chicago Symphony Orchestra"), "featured")).not.toBeNull();
});

test("a museum of the census's largest income class outranks a listed office block; a college's museum does not gain by its college's income", () => {
  const natural = (title: string) => census(title, "natural history museum", { discipline: "NAT", income: "9" });
  const office = listed("Dermon Building", { leadLength: "900" });
  expect(score(natural("Field Museum of Natural History"))).toBeGreaterThan(score(office));
  expect(score(natural("Smith College Museum of Natural History"))).toBeLessThan(score(office));
});

test("a sight is scored under its name less its operator's last word, never less a word inside its name", () => {
  const named = (title: string) => ({ ...listed(title, {}), kind: "art museum" }) as unknown as Row;
  expect(scoredName(named("Barnes Foundation"))).toBe("Barnes");
  expect(scoredName(named("Saint Louis Art Museum Foundation"))).toBe("Saint Louis Art Museum");
  expect(scoredName(named("Menil Foundation Inc"))).toBe("Menil");
  expect(scoredName(named("Foundation Square Gallery"))).toBe("Foundation Square Gallery");
});

test("a building only the National Register knows follows a museum people visit; a tower, a mansion, a park or a second list keeps it", () => {
  const museum = census("Stax Museum of American Soul Music", "history museum", { discipline: "HST", income: "7" });
  const hotel = listed("Divine Lorraine Hotel", { leadLength: "675", wikidataDescription: "building in Pennsylvania" });
  const bank = listed("Centennial National Bank", { leadLength: "667", wikidataDescription: "historic building" });
  const district = listed("Buena Vista Historic District", { leadLength: "194" });
  for (const building of [hotel, bank, district]) expect(score(building)).toBeLessThan(score(museum));
  const tower = listed("Coit Tower", { leadLength: "372", wikidataDescription: "observation tower" });
  const mansion = listed("Graceland", { leadLength: "232", wikidataDescription: "mansion in Memphis, Tennessee" });
  for (const sight of [tower, mansion]) expect(score(sight)).toBeGreaterThanOrEqual(score(museum));
  // The city's landmark list and the Register agree: two bodies, no bookkeeping penalty.
  const twoLists = {
    ...listed("Divine Lorraine Hotel", { leadLength: "675", wikidataDescription: "building in Pennsylvania" }),
    sources: JSON.stringify([{ source: "historic-wikipedia" }, { source: "nyc-landmarks" }]),
  } as unknown as Row;
  expect(score(twoLists)).toBeGreaterThan(score(hotel));
});

test("a museum's small income (under $100,000) or its university's income does not make it famous", () => {
  const general = (title: string, tags: Record<string, string>) =>
    census(title, "museum", { discipline: "GMU", ...tags });
  expect(score(general("Firehouse Museum", { income: "3" }))).toBeLessThan(score(general("Firehouse Museum", {})));
  expect(score(general("Smart Museum of Art", { income: "9", legalName: "University of Chicago" }))).toBe(
    score(general("Smart Museum of Art", {})),
  );
});

test("a listed post office, school or library follows a town's sights whatever its article; a landmark or a museum in one does not", async () => {
  const { civicListing } = await import("./fame");
  const { orderFeatured } = await import("./ranking");
  const postOffice = {
    ...listed("United States Post Office", {
      leadLength: "834",
      wikidataDescription: "government building in Cooperstown, New York",
    }),
    kind: "post office",
  } as unknown as Row;
  expect(civicListing([postOffice], postOffice)).toBe(true);
  expect(civicListing([listed("Lincoln School", {})], listed("Lincoln School", {}))).toBe(true);
  const landmark = listed("Old Post Office", { nationalLandmark: "yes" });
  expect(civicListing([landmark], landmark)).toBe(false);
  const museum = listed("Old Post Office", { wikidataDescription: "former post office, now a museum" });
  expect(civicListing([museum], museum)).toBe(false);
  // Known to a dataset other than the heritage lists (the map, the museum census), it is what that says.
  const mapped = { ...postOffice, sources: JSON.stringify([{ source: "osm" }]) } as unknown as Row;
  expect(civicListing([mapped], mapped)).toBe(false);
  const farmers = census("Farmers' Museum", "museum", { discipline: "GMU" });
  const order = orderFeatured(
    [
      { r: postOffice, n: 4, area: false, civic: true },
      { r: farmers, n: 2, area: false },
    ],
    [
      { names: 0, datasets: 0 },
      { names: 0, datasets: 0 },
    ],
    () => 0.5,
  );
  expect(order.map(({ r }) => r.title)).toEqual(["Farmers' Museum", "United States Post Office"]);
});

test("a pier or a wharf only the heritage lists know is a sight a visitor comes to, not a listed building", () => {
  const pier = listed("Navy Pier", { leadLength: "300", wikidataDescription: "pier in Chicago" });
  const building = listed("Navy Building", { leadLength: "300" });
  expect(score(pier)).toBeGreaterThan(score(building));
});

test("a zoo under the zoological society that runs it is the zoo: listed, scored as a zoo of its income", () => {
  const society = census("Denver Zoological Foundation", "zoo or aquarium", { discipline: "ZAW", income: "8" });
  const zoo = census("Denver Zoo", "zoo or aquarium", { discipline: "ZAW", income: "8" });
  expect(isOrganisation(society)).toBe(false);
  expect(junkInList(society, "featured")).toBeNull();
  expect(score(society)).toBe(score(zoo));
  // A society that files as a general museum stays an organisation.
  expect(isOrganisation(census("Dallas Zoological Society", "museum", { discipline: "GMU", income: "7" }))).toBe(true);
});

test("the census's inverted friends' name shows and scores as the sight it names", () => {
  const garden = census("Des Moines Botanical Center, Friends of the", "botanical garden", {
    discipline: "BOT",
    income: "7",
  });
  expect(sightName(garden)).toBe("Des Moines Botanical Center");
  expect(isOrganisation(garden)).toBe(false);
  expect(score(garden)).toBe(
    score(census("Des Moines Botanical Center", "botanical garden", { discipline: "BOT", income: "7" })),
  );
});
