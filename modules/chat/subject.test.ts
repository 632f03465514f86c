import { describe, expect, test } from "bun:test";
import type { ChatCity, ChatSources } from "./sources";
import { cityByName, namedCity } from "./subject";

/** Cities of one name in several states, largest first (as the city index answers a name). */
const town = (id: number, name: string, stateCode: string, population: number): ChatCity => ({
  id,
  name,
  stateCode,
  stateName: stateCode,
  latitude: 40,
  longitude: -80,
  population,
});
const INDEX = [
  town(1, "Boston", "MA", 4_600_000),
  town(2, "Boston", "NY", 7_900),
  town(3, "Springfield", "MO", 169_000),
  town(4, "Springfield", "IL", 114_000),
  town(5, "Portland", "OR", 2_000_000),
  town(6, "Portland", "ME", 68_000),
  town(7, "New York", "NY", 18_800_000),
  town(8, "Chicago", "IL", 8_600_000),
  town(9, "Bangor", "ME", 32_000),
  town(10, "Savannah", "GA", 147_000),
];
const sources = {
  cities: (q: string, limit: number) =>
    INDEX.filter((c) => c.name.toLowerCase().startsWith(q.toLowerCase()))
      .sort((a, b) => b.population - a.population)
      .slice(0, limit),
} as unknown as ChatSources<ChatCity>;
const from = (id: number) => INDEX.find((c) => c.id === id)!;
const asked = (fromId: number, typed: string) => {
  const city = namedCity(sources, from(fromId), typed);
  return city && `${city.name}, ${city.stateCode}`;
};

describe("the city a question names", () => {
  test("a name asked in a state that has a city of that name people travel to is that city", () => {
    expect(asked(8, "Springfield")).toBe("Springfield, IL");
    expect(asked(9, "Portland")).toBe("Portland, ME");
  });
  test("a village of the same name in the asker's state does not hide the city everyone means", () => {
    expect(asked(7, "Boston")).toBe("Boston, MA");
  });
  test("a state typed after the name decides; the city the chat is in is no switch", () => {
    expect(asked(7, "Boston NY")).toBe("Boston, NY");
    expect(asked(1, "Boston")).toBeNull();
  });
});

describe("the city a name stands for, the chat's own included", () => {
  const byName = (fromId: number, typed: string) => {
    const city = cityByName(sources, from(fromId), typed);
    return city && `${city.name}, ${city.stateCode}`;
  };
  test("the chat's own city is a city like any other", () => {
    expect(byName(10, "Savannah")).toBe("Savannah, GA");
    expect(byName(10, "Savannah, GA")).toBe("Savannah, GA");
  });
  test("a state we know no city of that name in is no city, not the chat's own of that name", () => {
    expect(byName(10, "Savannah, TX")).toBeNull();
    expect(byName(10, "Savannah TX")).toBeNull();
  });
});
