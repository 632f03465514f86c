import { describe, expect, test } from "bun:test";
import { jsonPost, signUp } from "../modules/auth/testing";
import { testApp } from "./testing";

/** A trip page says "not found" only for a trip that is not the viewer's; a storage failure is no 404. */

const { request, database } = await testApp();

describe("the trip pages when storage fails", () => {
  test("/trips/{id} and its day on the map answer 503 'Storage is unavailable', not 'Page Not Found'", async () => {
    const { cookie } = await signUp(request);
    const created = await request("/api/trips", jsonPost({ title: "A day out", city: "Savannah, GA" }, { cookie }));
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const page = (path: string) => request(path, { headers: { cookie, accept: "text/html" } });
    expect((await page(`/trips/${id}`)).status).toBe(200);
    expect((await page(`/trips/${id + 1_000_000}`)).status).toBe(404);

    // The disk fails for every read of the trips table (the session's own reads still work).
    const client = database.client as { execute: (...args: unknown[]) => Promise<unknown> };
    const execute = client.execute;
    client.execute = function (this: unknown, ...args: unknown[]) {
      const statement = args[0] as string | { sql: string };
      const sql = typeof statement === "string" ? statement : statement.sql;
      if (/from "trips"/i.test(sql))
        return Promise.reject(Object.assign(new Error("disk I/O error"), { code: "SQLITE_IOERR" }));
      return execute.apply(this, args);
    };
    try {
      for (const path of [`/trips/${id}`, `/map?trip=${id}&day=1`]) {
        const response = await page(path);
        expect({ path, status: response.status }).toEqual({ path, status: 503 });
        expect(await response.text()).toContain("Storage is unavailable");
      }
    } finally {
      client.execute = execute;
    }
    expect((await page(`/trips/${id}`)).status).toBe(200);
  });
});
