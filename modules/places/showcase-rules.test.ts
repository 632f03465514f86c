/**
 * The showcase rules on single rows (no database): what a featured list leaves out and what it folds.
 * Names below are test expectations, never data.
 */
import { expect, test } from "bun:test";
import type { Row } from "@libsql/client";
import { junkInList, sameSight, sightName } from "./showcase";

const listed = (title: string, tags: Record<string, string> = {}) =>
  ({
    title,
    kind: "historic site",
    category_id: 8,
    latitude: 43,
    longitude: -89.4,
    source: "historic-wikipedia",
    sources: JSON.stringify([{ source: "historic-wikipedia" }]),
    tags: JSON.stringify(tags),
  }) as unknown as Row;

test("a university's working building is no showcase sight whatever its designation; a landmark school stays", () => {
  expect(junkInList(listed("University of Wisconsin Dairy Barn", { nationalLandmark: "yes" }), "featured")).toBe(
    "a school's listed building",
  );
  expect(junkInList(listed("Westminster College Gymnasium", { nationalLandmark: "yes" }), "list")).toBe(
    "a school's listed building",
  );
  // A school whose history made it the landmark, a hill named after a college, a Park Service unit: sights.
  expect(junkInList(listed("Little Rock Central High School", { nationalLandmark: "yes" }), "featured")).toBeNull();
  expect(junkInList(listed("College Hill", { nationalLandmark: "yes" }), "featured")).toBeNull();
  expect(junkInList(listed("Tuskegee University Historic Campus", { npsCode: "tuin" }), "featured")).toBeNull();
});

const at = (title: string, latitude: number, longitude: number) =>
  ({ title, kind: "historic site", category_id: 8, latitude, longitude, tags: null }) as unknown as Row;

test("a sight and its full name, its support bodies' records or a fixture of it within 0.3 mi are one place", () => {
  const one = [
    ["Pioneer Square", "Pioneer Square pergola"],
    ["Whitaker Center", "Whitaker Center for Science and the Arts"],
    ["Victor Valley Museum", "Victor Valley Museum & Art Gallery"],
    ["The Birmingham Museum of Art", "Birmingham Museum of Art Endowment Tr"],
    ["The Birmingham Museum of Art", "Birmingham Museum of Art Members"],
    ["Confederate Soldier Monument", "Confederate Soldier Monument in Lexington"],
  ];
  for (const [a, b] of one) expect(sameSight(at(a!, 47.6, -122.33), at(b!, 47.601, -122.331)), b).toBe(true);
  // Two zoos at one point are one zoo under two names; two zoos a mile apart are two.
  expect(sameSight(at("Henry Doorly Zoo", 41.224587, -95.929429), at("Omaha Zoo", 41.224706, -95.929451))).toBe(true);
  expect(sameSight(at("Henry Doorly Zoo", 41.2246, -95.9294), at("Omaha Children's Zoo", 41.2396, -95.9294))).toBe(
    false,
  );
  const fountain = at("Rockefeller Fountain, New York Zoological Park", 40.8506, -73.8769);
  expect(sameSight(fountain, at("Baird Court, New York Zoological Park", 40.8508, -73.877))).toBe(false);
  // Another sight inside it, a second branch across town, a one-word name: two places.
  const two = [
    ["Central Park", "Central Park Zoo", 0],
    ["Pioneer Square", "Pioneer Square pergola", 0.01],
    ["Des Moines Art Center", "Des Moines Art Center Downtown", 0.04],
    ["Balboa Park", "Balboa Park Carousel", 0],
    ["Havre de Grace", "Havre de Grace Maritime Museum", 0],
    ["Whitaker", "Whitaker for Science", 0],
  ] as const;
  for (const [a, b, off] of two) expect(sameSight(at(a, 47.6, -122.33), at(b, 47.601 + off, -122.331)), b).toBe(false);
});

test("a place whose point contradicts its own address leads no showcase list", () => {
  const off = { pointOff: "7.4 mi from its address, ZIP 33130" };
  const museum = {
    ...listed("Historical Museum of Southern Florida Miami", off),
    source: "imls-museums",
    category_id: 9,
  };
  expect(junkInList(museum as unknown as Row, "featured")).toBe(
    "point far from its address: 7.4 mi from its address, ZIP 33130",
  );
  expect(junkInList(museum as unknown as Row, "list")).not.toBeNull();
  expect(junkInList(listed("Historical Museum of Southern Florida Miami"), "featured")).toBeNull();
});

/** A museum-census row of this name, at a street address. */
const census = (title: string) =>
  ({
    title,
    kind: "museum",
    category_id: 9,
    source: "imls-museums",
    address: "1 Main St",
    tags: null,
  }) as unknown as Row;

test("a census fund, auxiliary or scholars' institute filed under the sight it serves is an organisation", () => {
  expect(junkInList(census("Endowment for McWane Science Center"), "featured")).toBe("organisation");
  expect(junkInList(census("Tacoma Art Museum Endowment"), "list")).toBe("organisation");
  expect(junkInList(census("McWane Science Center"), "featured")).toBeNull();
  expect(junkInList(census("Mint Museum Auxiliary"), "featured")).toBe("organisation");
  expect(junkInList(census("American Institute of Pakistan Studies"), "featured")).toBe("organisation");
  expect(junkInList(census("Mint Museum"), "featured")).toBeNull();
  expect(junkInList(census("Glen Ullin Museum and Auxiliary"), "featured")).toBeNull();
});

test("a census network, partnership, group, festival, show, resource programme, government or office is no museum, whatever it names", () => {
  for (const body of [
    "Museum Computer Network",
    "Balboa Park Cultural Partnership",
    "Mercer Auto Racing Group",
    "Fells Point Fun Festival",
    "Antiques and Garden Show of Nashville",
    "Ana Cortes Antique Machinery Show",
    "Pacific Resources for Education and Learning",
    "Texas Folklife Resources",
    "Experience Learning Community",
    "Gnomon Productions",
    // A government or its office, not a museum it runs.
    "City of Lakewood",
    "Town of Normal",
    "County of New Hanover",
    "Office of the State Archaeologist",
    "Florida Department of State",
    "City of Austin Parks and Recreation Dep",
  ])
    expect(junkInList(census(body), "featured"), body).toBe("organisation");
  // A place named after a show, a group of painters or a resource it holds is still the place.
  for (const place of [
    "Orange Show Center for Visionary Art",
    "Group of Seven Gallery",
    "Showboat Museum",
    "The Parthenon",
    "City of Greeley Museums",
    "Village of Arts and Humanities",
    "City of Fort Myers - Burroughs Home",
    "Thompson Gallery, Furman University Art Department",
  ])
    expect(junkInList(census(place), "featured"), place).toBeNull();
});

test("a sight filed under its foundation's short name shows the sight's name", () => {
  const census = (title: string) =>
    ({ title, kind: "science museum", source: "imls-museums", tags: null }) as unknown as Row;
  expect(sightName(census("Southern Museum of Flight Fdn"))).toBe("Southern Museum of Flight");
  expect(sightName(census("Kemper Museum Operating Foundation"))).toBe("Kemper Museum");
});

test("a census name written with its town and state after it shows without them; another dataset's name keeps them", () => {
  const at = (title: string, source: string, city: string, state_code: string) =>
    ({ title, kind: "art museum", source, city, state_code, tags: null }) as unknown as Row;
  expect(sightName(at("Tacoma Art Museum Tacoma Wa", "imls-museums", "Tacoma", "WA"))).toBe("Tacoma Art Museum");
  expect(sightName(at("Rural Life Museum of Trappe Md", "imls-museums", "Trappe", "MD"))).toBe(
    "Rural Life Museum of Trappe",
  );
  // The hotel's own name, and a census name that only ends with its town.
  expect(sightName(at("W Washington DC", "dc-open-data", "Washington", "DC"))).toBe("W Washington DC");
  expect(sightName(at("Museum of Tacoma", "imls-museums", "Tacoma", "WA"))).toBe("Museum of Tacoma");
});

test("a census name cut short after a joining word shows without it; the friends' inverted name, and another dataset's, as before", () => {
  const at = (title: string, source = "imls-museums") =>
    ({ title, kind: "history museum", source, city: "Phoenix", state_code: "AZ", tags: null }) as unknown as Row;
  expect(sightName(at("Rosson House Heritage Square & Foundation"))).toBe("Rosson House Heritage Square");
  expect(sightName(at("Utah Museum of Science &"))).toBe("Utah Museum of Science");
  expect(sightName(at("Heath Eiland and Morgan Moss BMX Skate Park,"))).toBe(
    "Heath Eiland and Morgan Moss BMX Skate Park",
  );
  expect(sightName(at("Palo Alto Junior Museum and Zoo, Friends of the"))).toBe("Palo Alto Junior Museum and Zoo");
  expect(sightName(at("Hamblen Museum of Glass &"))).toBe("Hamblen Museum of Glass");
  expect(sightName(at("Our Heroes -", "osm-monuments"))).toBe("Our Heroes -");
});
