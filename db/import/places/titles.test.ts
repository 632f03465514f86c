import { expect, test } from "bun:test";
import { computeTitleKey, titleKey } from "./titles";

const TITLES = [
  "The Bean Café",
  "THE BEAN CAFE",
  "Théâtre de l'Œuvre",
  "Señor Frog's & Co.",
  "Ā-ḃ Ç",
  "  The   Art Institute of Chicago ",
  "the",
  "Them Apples",
  "Café\u0301 crème",
  "",
];

test("a title's key folds case, accents, '&' and punctuation, and drops a leading 'the'", () => {
  expect(titleKey("The Bean Café")).toBe("bean cafe");
  expect(titleKey("Señor Frog's & Co.")).toBe("senor frog s and co");
  expect(titleKey("Them Apples")).toBe("them apples");
});

test("the kept key of a title is the key computed afresh, for ASCII and accented titles, asked once or many times", () => {
  for (let round = 0; round < 3; round++)
    for (const title of TITLES) expect(titleKey(title)).toBe(computeTitleKey(title));
  // The ASCII shortcut gives what the full decomposition gives.
  for (const title of TITLES)
    expect(computeTitleKey(title)).toBe(
      title
        .normalize("NFD")
        .replace(/\p{M}+/gu, "")
        .toLowerCase()
        .replace(/&/g, " and ")
        .replace(/[^a-z0-9]+/g, " ")
        .trim()
        .replace(/^the /, ""),
    );
});

test("the cache starts again past its size and still answers right", () => {
  for (let i = 0; i < 25_000; i++) expect(titleKey(`Place ${i}`)).toBe(`place ${i}`);
  expect(titleKey("The Bean Café")).toBe("bean cafe");
});
