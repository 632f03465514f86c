import { expect, test } from "bun:test";
import type { Row } from "@libsql/client";
import { oneOfEachName } from "./service";

const row = (id: number, title_key: string, state_code: string, latitude: number, longitude: number) => ({ r: { id, title_key, state_code, latitude, longitude } as unknown as Row });

test("a list shows a place once: the same name under 100 m apart (two states' records near their border) is the first-ranked row only", () => {
  const ranked = [
    row(1, "kotobuki", "DC", 38.90531, -77.06627), // DC's open data
    row(2, "little china cafe", "DC", 38.9, -77.03),
    row(3, "kotobuki", "VA", 38.90532, -77.06628), // OpenStreetMap's record of the same restaurant, filed under Virginia
    row(4, "kotobuki", "DC", 38.907, -77.06627), // ~190 m north: another place of that name
    row(5, "little china", "DC", 38.9, -77.03), // another name at the same spot
  ];
  expect(oneOfEachName(ranked).map(({ r }) => Number(r.id))).toEqual([1, 2, 4, 5]);
});
