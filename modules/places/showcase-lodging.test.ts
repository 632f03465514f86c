/** The lodging class of stored rows (no server: the rule alone), for records imported before the import dropped them. */
import { expect, test } from "bun:test";
import type { Row } from "@libsql/client";
import { lodgingClass } from "./showcase";

const lodging = (title: string, kind: string, tags: Record<string, string> | null = null) =>
  lodgingClass({
    title,
    kind,
    category_id: 11,
    source: "osm-campgrounds",
    tags: tags && JSON.stringify(tags),
  } as unknown as Row);

test("a scout or church camp by its operator, an air base's family camp, a horse camp and 'Camp' with a name are not lodging", () => {
  expect(lodging("Camp Stonybrook", "campground", { operator: "Girl Scouts of Western Ohio" })).toBe("not");
  expect(lodging("Pine Hollow", "campground", { operator: "Tecumseh Council Boy Scouts of America" })).toBe("not");
  expect(lodging("Wright-Patterson Air Force Base Famcamp", "rv park", { lodgingType: "rv park" })).toBe("not");
  expect(lodging("Camp Belzer", "campground")).toBe("not");
  expect(lodging("Horseman's Camp", "campground")).toBe("not");
});

test("a public campground and an RV park stay camps; a hotel stays a hotel", () => {
  expect(lodging("Dayton KOA Holiday", "campground", { operator: "KOA", lodgingType: "campground" })).toBe("camp");
  expect(lodging("Camp Margaritaville Auburndale", "rv park", { lodgingType: "rv park" })).toBe("camp");
  expect(lodging("Hyatt Regency Seattle", "hotel", { lodgingType: "hotel" })).toBe("hotel");
  expect(lodging("Ramada Inn", "hotel")).toBe("hotel");
});
