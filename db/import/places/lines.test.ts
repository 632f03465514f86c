import { expect, test } from "bun:test";
import { streamLines } from "./lines";

async function* chunks(...parts: Uint8Array[]) {
  yield* parts;
}

test("lines come whole across chunks, a character split between chunks included; the last one only when asked", async () => {
  const bytes = new TextEncoder().encode("first\nCafé\nlast");
  const split = bytes.indexOf(0xa9); // the second byte of "é"
  const parts = () => chunks(bytes.slice(0, split), bytes.slice(split));
  expect(await Array.fromAsync(streamLines(parts()))).toEqual(["first", "Café"]);
  const read: number[] = [];
  expect(await Array.fromAsync(streamLines(parts(), { last: true, onBytes: (n) => read.push(n) }))).toEqual([
    "first",
    "Café",
    "last",
  ]);
  expect(read).toEqual([split, bytes.length]);
});
