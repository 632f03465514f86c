import { expect, test } from "bun:test";
import type { Client } from "@libsql/client";
import { createStateLoader } from ".";
import type { ImportSummary } from "./summary";

/** A stand-in importer: each state takes two steps the test releases by hand, and reports progress. */
function fakeImporter() {
  const order: string[] = [];
  const gates = new Map<string, Array<() => void>>();
  const step = (stateCode: string) =>
    new Promise<void>((resolve) => (gates.get(stateCode) ?? gates.set(stateCode, []).get(stateCode)!).push(resolve));
  const importer = async (
    _client: Client,
    stateCode: string,
    _log?: (line: string) => void,
    onProgress?: (fraction: number) => void,
  ): Promise<ImportSummary[]> => {
    order.push(stateCode);
    await step(stateCode);
    onProgress?.(0.5);
    await step(stateCode);
    onProgress?.(1);
    return [{ dataset: "x", stateCode, read: 1, inserted: 1, updated: 0, merged: 0, skipped: {} }];
  };
  const release = async (stateCode: string) => {
    for (let i = 0; i < 20 && !gates.get(stateCode)?.length; i++) await Bun.sleep(1);
    gates.get(stateCode)!.shift()!();
    await Bun.sleep(1);
  };
  return { importer, order, release };
}

test("background import: one state at a time, a visited state jumps the queue, status reports its percent", async () => {
  const fake = fakeImporter();
  const imported: string[] = [];
  const loader = createStateLoader({} as Client, { importer: fake.importer, onImported: (s) => imported.push(s) });
  loader.startBackground(["CA", "TX", "FL", "NV"], 0);
  await Bun.sleep(5);
  expect(fake.order).toEqual(["CA"]); // one at a time
  expect(loader.status("CA")).toEqual({ stateCode: "CA", ready: false, percent: 0 });
  await fake.release("CA");
  expect(loader.status("CA").percent).toBe(50);
  // A visitor asks for NV: it goes next, ahead of TX and FL.
  const nv = loader("NV");
  expect(loader.status("NV")).toEqual({ stateCode: "NV", ready: false, percent: 0 });
  await fake.release("CA");
  expect(loader.status("CA")).toEqual({ stateCode: "CA", ready: true, percent: 100 });
  expect(fake.order).toEqual(["CA", "NV"]);
  await fake.release("NV");
  await fake.release("NV");
  await nv;
  expect(loader.status("NV").ready).toBe(true);
  // stop(): the queued background states are dropped; the running one finishes.
  expect(fake.order).toEqual(["CA", "NV", "TX"]);
  loader.stop();
  await fake.release("TX");
  await fake.release("TX");
  await Bun.sleep(5);
  expect(fake.order).toEqual(["CA", "NV", "TX"]);
  expect(imported).toEqual(["CA", "NV", "TX"]);
  // Asking for FL's status later starts it (someone is looking at it).
  expect(loader.status("FL").ready).toBe(false);
  await Bun.sleep(2);
  expect(fake.order).toEqual(["CA", "NV", "TX", "FL"]);
}, 120_000);

test("the background run logs one line when every state is ready", async () => {
  const fake = fakeImporter();
  const lines: string[] = [];
  const loader = createStateLoader({} as Client, { importer: fake.importer, log: (line) => lines.push(line) });
  loader.startBackground(["RI", "DE"], 0);
  await Bun.sleep(2);
  for (const s of ["RI", "RI", "DE"]) await fake.release(s);
  expect(lines).toEqual([]);
  await fake.release("DE");
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(/^Background import: every state's places are ready \(\d+ s\)$/);
});

test("a failed state import rejects its callers and is retried by the next request", async () => {
  let calls = 0;
  const loader = createStateLoader({} as Client, {
    importer: async () => {
      if (++calls === 1) throw new Error("disk full");
      return [];
    },
  });
  await expect(loader("NV")).rejects.toThrow("disk full");
  await loader("NV");
  expect(calls).toBe(2);
  expect(loader.status("NV")).toEqual({ stateCode: "NV", ready: true, percent: 100 });
});

test("while the nationwide split runs, a visitor's state imports at once and the background states wait for it", async () => {
  const fake = fakeImporter();
  let endSplit!: () => void;
  let splits = 0;
  const loader = createStateLoader({} as Client, {
    importer: fake.importer,
    split: () => {
      splits++;
      return new Promise<void>((resolve) => (endSplit = resolve));
    },
  });
  loader.startBackground(["CA", "TX"], 0);
  await Bun.sleep(5);
  expect(splits).toBe(1);
  expect(fake.order).toEqual([]); // the background states wait for the split
  // A visitor asks for Nevada: it imports now, the split still running.
  const nv = loader("NV");
  await fake.release("NV");
  await fake.release("NV");
  await nv;
  expect(loader.status("NV")).toEqual({ stateCode: "NV", ready: true, percent: 100 });
  expect(fake.order).toEqual(["NV"]); // (asking for California's status here would put it first too)
  // Its status asked (a visitor's page polling it) puts Texas first, ahead of California, split or not.
  loader.status("TX");
  await Bun.sleep(2);
  expect(fake.order).toEqual(["NV", "TX"]);
  for (const s of ["TX", "TX"]) await fake.release(s);
  await Bun.sleep(2);
  expect(fake.order).toEqual(["NV", "TX"]); // California still waits for the split
  endSplit();
  await Bun.sleep(2);
  expect(fake.order).toEqual(["NV", "TX", "CA"]);
  for (const s of ["CA", "CA"]) await fake.release(s);
  expect(loader.status("CA")).toEqual({ stateCode: "CA", ready: true, percent: 100 });
});

test("two lanes: two states import at once, a visitor's state takes the next free lane, a `before` hook holds both", async () => {
  const fake = fakeImporter();
  const imported: string[] = [];
  const hooked: string[] = [];
  let openHook!: () => void;
  const loader = createStateLoader({} as Client, {
    importer: fake.importer,
    lanes: 2,
    onImported: (s) => imported.push(s),
  });
  loader.startBackground(["CA", "TX", "FL", "NY", "PA"], 0, async (state) => {
    hooked.push(state);
    if (state === "NY") await new Promise<void>((resolve) => (openHook = resolve));
  });
  await Bun.sleep(5);
  expect(fake.order).toEqual(["CA", "TX"]); // both lanes busy, FL waits
  const nv = loader("NV");
  for (const s of ["CA", "CA"]) await fake.release(s);
  expect(fake.order).toEqual(["CA", "TX", "NV"]); // the freed lane takes the visitor's state first
  for (const s of ["NV", "NV"]) await fake.release(s);
  await nv;
  expect(fake.order).toEqual(["CA", "TX", "NV", "FL"]);
  for (const s of ["TX", "TX"]) await fake.release(s);
  // The freed lane takes NY, whose hook holds it; the other lane (after FL) starts nothing while it runs.
  expect(hooked).toEqual(["CA", "TX", "FL", "NY"]);
  for (const s of ["FL", "FL"]) await fake.release(s);
  await Bun.sleep(5);
  expect(fake.order).toEqual(["CA", "TX", "NV", "FL"]);
  openHook();
  await Bun.sleep(5);
  expect(fake.order).toEqual(["CA", "TX", "NV", "FL", "NY", "PA"]);
  for (const s of ["NY", "NY", "PA", "PA"]) await fake.release(s);
  expect(imported.sort()).toEqual(["CA", "FL", "NV", "NY", "PA", "TX"]);
  expect(loader.status("PA")).toEqual({ stateCode: "PA", ready: true, percent: 100 });
});

test("two lanes without a hook: one takes the most populous states first, the other the smallest (two large states are never imported at once)", async () => {
  const fake = fakeImporter();
  const loader = createStateLoader({} as Client, { importer: fake.importer, lanes: 2 });
  loader.startBackground(["CA", "TX", "FL", "NY", "PA"], 0);
  await Bun.sleep(5);
  expect(fake.order).toEqual(["CA", "PA"]);
  for (const s of ["PA", "PA"]) await fake.release(s);
  expect(fake.order).toEqual(["CA", "PA", "NY"]);
  const nv = loader("NV"); // a visitor's state: the next lane free takes it
  for (const s of ["CA", "CA"]) await fake.release(s);
  expect(fake.order).toEqual(["CA", "PA", "NY", "NV"]);
  for (const s of ["NV", "NV"]) await fake.release(s);
  await nv;
  expect(fake.order).toEqual(["CA", "PA", "NY", "NV", "TX"]);
  for (const s of ["NY", "NY"]) await fake.release(s);
  expect(fake.order).toEqual(["CA", "PA", "NY", "NV", "TX", "FL"]);
  for (const s of ["TX", "TX", "FL", "FL"]) await fake.release(s);
  expect(loader.status("FL")).toEqual({ stateCode: "FL", ready: true, percent: 100 });
});
