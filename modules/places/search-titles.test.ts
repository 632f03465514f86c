/** A window's titles in memory (./search-titles.ts) find what the title index finds. */
import { describe, expect, test } from "bun:test";
import { boxAround } from "../../src/geo";
import { testApp } from "../../src/testing";
import { titleMatches } from "./search";
import { titleIndex, titlesHolding } from "./search-titles";
import { type Box, SearchWindows } from "./search-windows";

const index = (titles: string[]) => titleIndex(titles.join("\u0001"), titles.length);
const holding = (titles: string[], text: string) =>
  titles.flatMap((t, i) => (t.toLowerCase().includes(text.toLowerCase()) ? [i] : []));

describe("titles in memory", () => {
  const titles = [
    "Neon Museum",
    "NEON BONEYARD",
    "Café Roma",
    "CAFÉ Lux",
    "Mob Museum",
    "Museum of the Neon",
    "ab",
    "Abc Deli",
  ];

  test("a title holds the text in any case, each title once, in the window's order", () => {
    const built = index(titles)!;
    for (const text of ["neon", "NEON", "museum", "useu", "café", "CAFÉ", "afé", "mob", "eon", "abc", "zzz", "m m"])
      expect({ text, found: titlesHolding(built, text, 100) }).toEqual({ text, found: holding(titles, text) });
    expect(titlesHolding(built, "museum", 2)).toEqual([0, 4]); // at most `max`, the first in order
  });

  test("a text never matches across two titles, and a text of fewer than three characters is left to the title index", () => {
    const built = index(titles)!;
    expect(titlesHolding(built, "yardcaf", 10)).toEqual([]); // "NEON BONEYARD" then "Café Roma"
    expect(titlesHolding(built, "rd\u0001ca", 10)).toBeNull();
    expect(titlesHolding(built, "ab", 10)).toBeNull();
  });

  test("titles that folding lengthens, or that hold the separator, get no index", () => {
    expect(index(["İstanbul Grill", "Neon"])).toBeNull(); // the dotted capital I folds to two characters
    expect(index(["A\u0001B", "Neon"])).toBeNull();
    expect(titleIndex("Neon\u0001Mob", 3)).toBeNull(); // not the window's count
  });
});

describe("a city's window with its titles read", async () => {
  const { database, cityIndex } = await testApp();
  const city = cityIndex.find("Las Vegas", "NV")!;

  test("gives the places the title index gives, in the same order, for texts from the city's own titles", async () => {
    const { rows } = await database.client.execute({
      sql: "SELECT title FROM places WHERE latitude BETWEEN ? AND ? AND longitude BETWEEN ? AND ? ORDER BY id LIMIT 4000",
      args: [city.latitude - 0.3, city.latitude + 0.3, city.longitude - 0.3, city.longitude + 0.3],
    });
    // Parts of titles, some with letters outside ASCII, plus texts in other cases.
    const texts = new Set<string>(["museum", "NEON", "Café", "the", "ing", "zzqx"]);
    rows.forEach((r, i) => {
      const title = String(r.title);
      const size = 3 + (i % 5);
      if (i % 20 === 0 || /[^\x00-\x7f]/.test(title))
        texts.add(i % 2 ? title.slice(0, size).toUpperCase() : title.slice(1, 1 + size));
    });
    expect(texts.size).toBeGreaterThan(150);
    const windows = new SearchWindows(database.client, 2);
    const near = (w: SearchWindows) => ({
      centre: city,
      radius: 25,
      window: (box: Box, now: boolean) => w.window("lv", box, now),
    });
    const search = async (text: string, w: SearchWindows) =>
      (await titleMatches(database.client, text, 20, near(w))).map((r) => `${r.id} ${r.title}`);
    for (let i = 0; i < 3; i++) await search("museum", windows); // the third search reads the titles
    const window = await windows.window("lv", boxAround(city.latitude, city.longitude, 25));
    await window!.titling;
    expect(window!.titles?.starts.length).toBe(window!.ids.length);
    expect(window!.places?.latitude.length).toBe(window!.ids.length);
    // A city's first search reads the title index (and, past its cap, a window of ids without titles).
    const answers = [];
    for (const text of texts)
      answers.push({
        text,
        direct: await search(text, new SearchWindows(database.client)),
        titled: await search(text, windows),
      });
    expect(answers.filter((a) => a.titled.join("\n") !== a.direct.join("\n"))).toEqual([]);
    expect(answers.reduce((n, a) => n + a.direct.length, 0)).toBeGreaterThan(500);
  }, 120_000);
});
