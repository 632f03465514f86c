import { expect, test } from "bun:test";
import type { Row } from "@libsql/client";
import { fame, scoredName } from "./fame";
import { isOrganisation, junkInList } from "./showcase";

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

test("a listed office building, church or hotel with a short article is a façade: it scores below a listed sight of the same article", () => {
  const sight = listed("Japanese Tea Garden", { leadLength: "413", wikidataDescription: "garden in San Antonio" });
  for (const facade of [
    listed("Toof Building", { leadLength: "262" }),
    listed("Gunter Hotel", { leadLength: "204", wikidataDescription: "building in San Antonio, Texas" }),
    listed("Second Presbyterian", { leadLength: "466", wikidataDescription: "church building in Memphis" }),
  ])
    expect(score(facade)).toBeLessThan(score(sight));
});

test("a long article or a National Historic Landmark keeps a listed building among the sights", () => {
  const sight = listed("Japanese Tea Garden", { leadLength: "413" });
  expect(score(listed("Dermon Building", { leadLength: "900" }))).toBeGreaterThanOrEqual(score(sight));
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
  const census = (title: string) =>
    ({
      id: 2,
      title,
      title_key: title.toLowerCase(),
      source: "imls-museums",
      category_id: 9,
      kind: "natural history museum",
      notability: 6,
      sources: JSON.stringify([{ source: "imls-museums" }]),
      tags: JSON.stringify({ discipline: "NAT", income: "9" }),
    }) as unknown as Row;
  const office = listed("Dermon Building", { leadLength: "900" });
  expect(score(census("Field Museum of Natural History"))).toBeGreaterThan(score(office));
  expect(score(census("Smith College Museum of Natural History"))).toBeLessThan(score(office));
});

test("a sight is scored under its name less its operator's last word, never less a word inside its name", () => {
  const named = (title: string) => ({ ...listed(title, {}), kind: "art museum" }) as unknown as Row;
  expect(scoredName(named("Barnes Foundation"))).toBe("Barnes");
  expect(scoredName(named("Saint Louis Art Museum Foundation"))).toBe("Saint Louis Art Museum");
  expect(scoredName(named("Menil Foundation Inc"))).toBe("Menil");
  expect(scoredName(named("Foundation Square Gallery"))).toBe("Foundation Square Gallery");
});
