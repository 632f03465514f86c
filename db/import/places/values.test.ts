import { expect, test } from "bun:test";
import { directoryName, streetAddress, titleCase } from "./values";
import { cuisineText } from "./sources/osm-geojson";

test("names the census and the registers spell in capitals read as names, initials and numerals kept", () => {
  expect(titleCase("O.K. CORRAL")).toBe("O.K. Corral");
  expect(titleCase("U.S. GRANT HOTEL")).toBe("U.S. Grant Hotel");
  expect(titleCase("TOMBSTONE COURTHOUSE STATE HISTORIC PARK")).toBe("Tombstone Courthouse State Historic Park");
  expect(titleCase("MUSEUM OF THE CITY OF NEW YORK")).toBe("Museum of the City of New York");
  expect(titleCase("MCDONALD HOUSE")).toBe("McDonald House");
  expect(titleCase("USS ARIZONA MEMORIAL")).toBe("USS Arizona Memorial");
  expect(titleCase("POPE JOHN PAUL II PARK")).toBe("Pope John Paul II Park");
  expect(titleCase("Already Mixed Case")).toBe("Already Mixed Case");
});

test("a business directory's filing name reads as the sign does: the article first, no record number", () => {
  expect(directoryName("PALMS HOTEL & RESORT THE")).toBe("The Palms Hotel & Resort");
  expect(directoryName("Buffet the")).toBe("The Buffet");
  expect(directoryName("Beach, The")).toBe("The Beach");
  expect(directoryName("Pizza Hut #9104302")).toBe("Pizza Hut");
  expect(directoryName("Staggering Ox 5422200")).toBe("Staggering Ox");
  expect(directoryName("KFC L747009")).toBe("Kfc");
  expect(directoryName("Studio 54")).toBe("Studio 54");
  expect(directoryName("Granite City Food & Brewery (#21)")).toBe("Granite City Food & Brewery");
  expect(directoryName("Brewerie at Union Station, The")).toBe("The Brewerie at Union Station");
  expect(directoryName("Theatre on the Square")).toBe("Theatre on the Square");
  expect(directoryName("556431")).toBe("");
});

test("OSM's cuisine list reads as words on a card: 'steak_house;steak;italian' is 'steak house, italian'", () => {
  expect(cuisineText("steak_house;steak;italian")).toBe("steak house, italian");
  expect(cuisineText("pizza;slices;italian;beer_&_wine")).toBe("pizza, slices, italian");
  expect(cuisineText("sushi")).toBe("sushi");
});

test("an address that gives a street and a mailing box is the street; a box alone stays a box", () => {
  expect(streetAddress("2334 North International Parkway, P.O. Box 619014")).toBe("2334 North International Parkway");
  expect(streetAddress("PO Box 1595, 136 East Thomas Place")).toBe("136 East Thomas Place");
  expect(streetAddress("23044 US Hwy 6 PO Box 38 (K-66)")).toBe("23044 US Hwy 6");
  expect(streetAddress("PO Box 12")).toBe("PO Box 12");
  expect(streetAddress("12 Main St")).toBe("12 Main St");
});
