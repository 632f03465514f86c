import { expect, test } from "bun:test";
import type { Row } from "@libsql/client";
import { GEMS_PER_KIND, kindsMixed } from "./list-mix";
import { distanceBand } from "./ranking";

const gem = (id: number, kind: string, d: number) => ({ r: { id, kind } as unknown as Row, d });

test("local gems: at most three of one kind (breweries, brewpubs and taprooms are one) per band before the band's others", () => {
  const ranked = [
    gem(1, "brewery", 0.2),
    gem(2, "brewpub", 0.3),
    gem(3, "taproom", 0.4),
    gem(4, "brewery", 0.5),
    gem(5, "brewery", 0.6),
    gem(6, "restaurant", 0.7),
    gem(7, "used merchandise", 0.9),
    gem(8, "brewery", 1.5),
    gem(9, "books", 2),
  ];
  expect(GEMS_PER_KIND).toBe(3);
  // Nothing of a farther band moves ahead of a nearer one: the 1.5 mi brewery stays after every place within a mile.
  expect(kindsMixed(ranked, distanceBand).map(({ r }) => Number(r.id))).toEqual([1, 2, 3, 6, 7, 4, 5, 8, 9]);
});
