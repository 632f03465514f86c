import { describe, expect, test } from "bun:test";
import { renderToString } from "react-dom/server";
import type { Day, Stop, StopPlace } from "../../modules/trips";
import TripDayMap from "../islands/TripDayMap";

/** A day on the map whose places have left the store still lists its stops and says they are not drawn. */

const place = (id: number): StopPlace => ({
  id,
  title: `Place ${id}`,
  address: null,
  city: "Savannah",
  stateCode: "GA",
  category: "Museum",
  categoryId: 1,
  latitude: 32 + id / 1000,
  longitude: -81,
  openingHours: null,
  source: "test",
  licence: "test",
});
const stop = (id: number, listed: boolean): Stop => ({
  id,
  placeId: id,
  position: id,
  note: null,
  time: null,
  place: listed ? place(id) : null,
  warnings: [],
  legMiles: null,
});
const day = (stops: Stop[]): Day => ({ id: 1, number: 1, date: null, stops, totalMiles: 0, walkingMinutes: 0 });
const text = (d: Day) =>
  renderToString(
    <TripDayMap
      trip={{ title: "A day", city: "Savannah, GA", walkingMph: 3 }}
      day={d}
      dayNumbers={[1]}
      dayHref="/map?trip=1&day="
      back={{ href: "/trips/1", label: "Back to the trip" }}
      tileUrl="/tiles/{z}/{x}/{y}.png"
    />,
  ).replace(/<!-- -->/g, "");

describe("a trip day on the map", () => {
  test("every place gone: the stops stay listed, each 'no longer listed' and 'Not shown on the map'; none counts as on the map", () => {
    const html = text(day([stop(1, false), stop(2, false)]));
    expect(html).not.toContain("No stops on this day yet");
    expect(html).toContain("Savannah, GA · 2 stops, 0 on the map");
    expect(html).toContain("Not shown on the map: none of this day&#x27;s places is listed any more");
    expect(html.match(/data-testid="route-stop"/g)).toHaveLength(2);
    expect(html.match(/This place is no longer listed/g)).toHaveLength(2);
    expect(html.match(/Not shown on the map</g)).toHaveLength(2);
  });
  test("some places gone: the header counts only the drawn ones", () => {
    const html = text(day([stop(1, true), stop(2, false), stop(3, true)]));
    expect(html).toContain("Savannah, GA · 3 stops, 2 on the map");
    expect(html).toContain("Show stop 1 on the map");
    expect(html.match(/Not shown on the map</g)).toHaveLength(1);
  });
  test("a day without stops says so", () => {
    const html = text(day([]));
    expect(html).toContain("No stops on this day yet");
    expect(html).not.toContain('data-testid="route-list"');
  });
});
