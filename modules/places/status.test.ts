/** "Preparing places for {state}… {n} %": the status route a list's loading state polls (decision 024). */
import { expect, test } from "bun:test";
import type { Client } from "@libsql/client";
import { createStateLoader } from "../../db/import/places";
import { testApp, testServices } from "../../src/testing";
import { placesModule, PlacesService } from ".";

test("a state still importing answers ready false with its percent; once in, ready true and the list fills", async () => {
  const { cityIndex } = await testServices();
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let reported!: () => void;
  const atForty = new Promise<void>((resolve) => (reported = resolve));
  const loader = createStateLoader({} as Client, {
    importer: async (_c, _s, _l, onProgress) => {
      onProgress?.(0.4);
      reported();
      await gate;
      onProgress?.(1);
      return [];
    },
  });
  const places = new PlacesService({ execute: async () => ({ rows: [] }) } as unknown as Client, cityIndex, loader);
  const app = placesModule({ cityIndex, places });
  const get = async (path: string) => (await app.handle(new Request(`http://localhost/api${path}`))).json();

  // The first ask starts the state's import (its loader queues it); once the import reports 40 %, the route says so.
  expect(await get("/places/status?city=Cheyenne&state=WY")).toMatchObject({ stateCode: "WY", ready: false });
  await atForty;
  expect(await get("/places/status?city=Cheyenne&state=WY")).toEqual({
    stateCode: "WY",
    state: "Wyoming",
    ready: false,
    percent: 40,
  });
  const list = app.handle(new Request("http://localhost/api/places/nearby?city=Cheyenne&state=WY&count=3"));
  release();
  expect(await (await list).json()).toEqual([]);
  expect(await get("/places/status?city=Cheyenne&state=WY")).toEqual({
    stateCode: "WY",
    state: "Wyoming",
    ready: true,
    percent: 100,
  });
});

test("the status route names a missing or unknown city", async () => {
  const { request } = await testApp();
  const missing = await request("/api/places/status?state=WY");
  expect(missing.status).toBe(400);
  expect(JSON.stringify(await missing.json())).toContain("city is required");
  const unknown = await request("/api/places/status?city=Nowhereville&state=WY");
  expect(unknown.status).toBe(404);
});
