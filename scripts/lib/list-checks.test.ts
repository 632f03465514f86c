import { expect, test } from "bun:test";
import type { Row } from "@libsql/client";
import { namedJunk } from "./list-checks";

const row = (title: string, kind = "museum") => ({ title, kind, tags: null }) as unknown as Row;

test("the bench reads the name a card shows, not the census's inverted legal name", () => {
  expect(namedJunk(row("Des Moines Botanical Center, Friends of the", "botanical garden"))).toBeNull();
  expect(namedJunk(row("Friends of the Library"))).toBe("name says friends of");
  expect(namedJunk(row("Kiwanis Club of Miami"))).toBe("name says club");
});
