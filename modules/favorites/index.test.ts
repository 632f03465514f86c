import { describe, expect, test } from "bun:test";
import { testApp } from "../../src/testing";
import { continueAsGuest, jsonPost, signUp } from "../auth/testing";

const { request } = await testApp();

const place = (id: number, title = "Gateway Arch") =>
  JSON.stringify({ id, title, description: "A monument", address: "St. Louis, MO", categoryId: 8, type: "place" });
const placeItemId = (id: number, title = "Gateway Arch") => `${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${id}`;

const save = (cookie: string, body: unknown) => request("/api/favorites", jsonPost(body, { cookie }));
const get = (cookie: string, path: string) => request(path, { headers: { cookie } });
const remove = (cookie: string, path: string) => request(path, { method: "DELETE", headers: { cookie } });
const list = async (cookie: string) =>
  (await (await get(cookie, "/api/favorites")).json()) as Array<Record<string, unknown>>;

describe("saving favorites", () => {
  test("POST answers 201 with the saved favorite; the same item again answers 200 with the existing one", async () => {
    const { cookie } = await signUp(request);
    const body = { itemType: "place", itemId: placeItemId(42), itemData: place(42) };
    const first = await save(cookie, body);
    expect(first.status).toBe(201);
    const saved = await first.json();
    expect(saved).toEqual({
      id: expect.any(Number),
      itemType: "place",
      itemId: "gateway-arch-42",
      itemData: place(42),
      createdAt: expect.any(String),
    });
    const again = await save(cookie, { ...body, itemData: place(42, "Changed title") });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(saved);
    expect(await list(cookie)).toHaveLength(1);
  });

  test("one favorite per place (docs/product.md#favorites): the same place under another type answers the existing favorite; check and delete see it", async () => {
    const { cookie } = await signUp(request);
    const dialog = {
      itemType: "place",
      itemId: "lotus-of-siam-77",
      itemData: JSON.stringify({ id: 77, title: "Lotus of Siam", categoryId: 10, type: "place" }),
    };
    const foodPage = {
      itemType: "restaurant",
      itemId: "Lotus of Siam-77",
      itemData: JSON.stringify({ id: 77, title: "Lotus of Siam", categoryId: 10, type: "restaurant" }),
    };
    const first = await save(cookie, foodPage);
    expect(first.status).toBe(201);
    const again = await save(cookie, dialog);
    expect(again.status).toBe(200);
    expect((await again.json()).id).toBe((await first.json()).id);
    expect(await list(cookie)).toHaveLength(1);
    // The dialog's heart (place/…) and the food page's (restaurant/…) show the same state.
    expect(await (await get(cookie, "/api/favorites/check/place/lotus-of-siam-77")).json()).toEqual({
      isFavorited: true,
    });
    expect(await (await get(cookie, "/api/favorites/check/restaurant/Lotus%20of%20Siam-77")).json()).toEqual({
      isFavorited: true,
    });
    // Another place whose id merely ends in the same digits is another favorite.
    expect(
      (await save(cookie, { ...dialog, itemId: "other-177", itemData: JSON.stringify({ id: 177, title: "Other" }) }))
        .status,
    ).toBe(201);
    // Un-saving from the dialog removes it for the food page too.
    expect((await remove(cookie, "/api/favorites/place/lotus-of-siam-77")).status).toBe(204);
    expect(await (await get(cookie, "/api/favorites/check/restaurant/Lotus%20of%20Siam-77")).json()).toEqual({
      isFavorited: false,
    });
    expect((await list(cookie)).map((f) => f.itemId)).toEqual(["other-177"]);
  });

  test("every item type of the product rules (docs/product.md) can be saved; the list is newest first", async () => {
    const { cookie } = await signUp(request);
    const types = ["place", "city", "fact", "store", "activity", "restaurant"];
    for (const [i, itemType] of types.entries()) {
      const response = await save(cookie, {
        itemType,
        itemId: `${itemType}-${i}`,
        itemData: JSON.stringify({ title: itemType }),
      });
      expect(response.status).toBe(201);
      await Bun.sleep(2); // distinct creation times
    }
    expect((await list(cookie)).map((f) => f.itemType)).toEqual([...types].reverse());
  });

  test("itemType must be one of the six types: 400 naming the field", async () => {
    const { cookie } = await signUp(request);
    for (const itemType of ["hotel", "PLACE", 7]) {
      const response = await save(cookie, { itemType, itemId: "x-1", itemData: "{}" });
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toEqual({
        itemType: ["itemType must be one of place, city, fact, store, activity, restaurant"],
      });
    }
  });

  test("itemData must be a JSON string of at most 8 KB: 400 naming the field", async () => {
    const { cookie } = await signUp(request);
    const cases: Array<[unknown, string]> = [
      [{ title: "an object, not a string" }, "itemData must be a JSON string"],
      ["{not json", "itemData must be valid JSON"],
      [JSON.stringify({ text: "é".repeat(4100) }), "itemData must be at most 8 KB (8192 bytes)"], // 8,212 bytes, 4,112 characters
    ];
    for (const [itemData, message] of cases) {
      const response = await save(cookie, { itemType: "fact", itemId: "f-1", itemData });
      expect(response.status).toBe(400);
      expect((await response.json()).errors).toEqual({ itemData: [message] });
    }
    const exactly8k = JSON.stringify({ t: "x".repeat(8192 - 8) }); // {"t":"…"} adds 8 bytes
    expect(Buffer.byteLength(exactly8k)).toBe(8192);
    expect((await save(cookie, { itemType: "fact", itemId: "f-8k", itemData: exactly8k })).status).toBe(201);
  });

  test("missing fields are each reported as required", async () => {
    const { cookie } = await signUp(request);
    const response = await save(cookie, {});
    expect(response.status).toBe(400);
    expect((await response.json()).errors).toEqual({
      itemType: ["itemType is required"],
      itemId: ["itemId is required"],
      itemData: ["itemData is required"],
    });
    const long = await save(cookie, { itemType: "city", itemId: "x".repeat(301), itemData: "{}" });
    expect((await long.json()).errors).toEqual({ itemId: ["itemId must be at most 300 characters"] });
  });

  test("a numeric itemId is kept as text", async () => {
    const { cookie } = await signUp(request);
    const response = await save(cookie, { itemType: "store", itemId: 1234, itemData: "{}" });
    expect(response.status).toBe(201);
    expect((await response.json()).itemId).toBe("1234");
  });
});

describe("check, count and both delete forms", () => {
  test("check says whether the item is saved; count counts the user's favorites", async () => {
    const { cookie } = await signUp(request);
    expect(await (await get(cookie, "/api/favorites/count")).json()).toEqual({ count: 0 });
    await save(cookie, {
      itemType: "city",
      itemId: "st.-louis-mo",
      itemData: JSON.stringify({ name: "St. Louis", type: "city", location: "St. Louis, MO" }),
    });
    await save(cookie, { itemType: "place", itemId: placeItemId(7), itemData: place(7) });
    expect(await (await get(cookie, "/api/favorites/count")).json()).toEqual({ count: 2 });
    expect(await (await get(cookie, "/api/favorites/check/city/st.-louis-mo")).json()).toEqual({ isFavorited: true });
    expect(await (await get(cookie, "/api/favorites/check/city/kansas-city-mo")).json()).toEqual({
      isFavorited: false,
    });
    expect(await (await get(cookie, "/api/favorites/check/place/gateway-arch-7")).json()).toEqual({
      isFavorited: true,
    });
    expect((await get(cookie, "/api/favorites/check/hotel/x")).status).toBe(400);
  });

  test("DELETE /api/favorites/{itemType}/{itemId} removes it (204); again → 404", async () => {
    const { cookie } = await signUp(request);
    const itemId = "café du monde, new orleans/la-9"; // spaces, comma, slash and accents travel encoded
    expect((await save(cookie, { itemType: "restaurant", itemId, itemData: "{}" })).status).toBe(201);
    const path = `/api/favorites/restaurant/${encodeURIComponent(itemId)}`;
    expect((await get(cookie, `/api/favorites/check/restaurant/${encodeURIComponent(itemId)}`)).status).toBe(200);
    const response = await remove(cookie, path);
    expect(response.status).toBe(204);
    expect(await list(cookie)).toEqual([]);
    const again = await remove(cookie, path);
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: "Favorite not found", errors: {} });
  });

  test("DELETE /api/favorites/{id} removes it (204); a bad id is 400", async () => {
    const { cookie } = await signUp(request);
    const saved = await (
      await save(cookie, { itemType: "fact", itemId: "tallest-arch-history", itemData: "{}" })
    ).json();
    expect((await remove(cookie, `/api/favorites/${saved.id}`)).status).toBe(204);
    expect(await (await get(cookie, "/api/favorites/count")).json()).toEqual({ count: 0 });
    expect((await remove(cookie, `/api/favorites/${saved.id}`)).status).toBe(404);
    const bad = await remove(cookie, "/api/favorites/abc");
    expect(bad.status).toBe(400);
    expect((await bad.json()).errors).toEqual({ id: ["id must be a whole number"] });
  });
});

describe("a user only ever reaches their own favorites", () => {
  test("user B cannot see, check, count or delete user A's favorite (404, A's stays)", async () => {
    const alice = await signUp(request);
    const bob = await signUp(request);
    const saved = await (
      await save(alice.cookie, { itemType: "place", itemId: placeItemId(1), itemData: place(1) })
    ).json();

    expect(await list(bob.cookie)).toEqual([]);
    expect(await (await get(bob.cookie, "/api/favorites/count")).json()).toEqual({ count: 0 });
    expect(await (await get(bob.cookie, `/api/favorites/check/place/${placeItemId(1)}`)).json()).toEqual({
      isFavorited: false,
    });

    const byId = await remove(bob.cookie, `/api/favorites/${saved.id}`);
    expect(byId.status).toBe(404);
    expect(await byId.json()).toEqual({ message: "Favorite not found", errors: {} });
    expect((await remove(bob.cookie, `/api/favorites/place/${placeItemId(1)}`)).status).toBe(404);

    expect((await list(alice.cookie)).map((f) => f.id)).toEqual([saved.id]);
  });

  test("both users can save the same item independently", async () => {
    const alice = await signUp(request);
    const bob = await signUp(request);
    const body = { itemType: "city", itemId: "boise-id", itemData: "{}" };
    const a = await (await save(alice.cookie, body)).json();
    const b = await save(bob.cookie, body);
    expect(b.status).toBe(201);
    expect((await b.json()).id).not.toBe(a.id);
  });

  test("guests are signed-in users: they save and list their own favorites", async () => {
    const guest = await continueAsGuest(request);
    expect((await save(guest.cookie, { itemType: "city", itemId: "reno-nv", itemData: "{}" })).status).toBe(201);
    expect((await list(guest.cookie)).map((f) => f.itemId)).toEqual(["reno-nv"]);
  });
});

describe("anonymous callers", () => {
  test("every favorites route is 401 without a session, even with a bad body", async () => {
    const calls: Array<[string, RequestInit | undefined]> = [
      ["/api/favorites", undefined],
      ["/api/favorites/count", undefined],
      ["/api/favorites/check/city/boise-id", undefined],
      ["/api/favorites", jsonPost({ itemType: "city", itemId: "boise-id", itemData: "{}" })],
      ["/api/favorites", jsonPost({ itemType: "nonsense" })],
      ["/api/favorites/1", { method: "DELETE" }],
      ["/api/favorites/city/boise-id", { method: "DELETE" }],
    ];
    for (const [path, init] of calls) {
      const response = await request(path, init);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: "Please sign in to use favorites.", errors: {} });
    }
  });

  test("a signed-out session cookie is anonymous too", async () => {
    const { cookie } = await signUp(request);
    await request("/api/auth/logout", { method: "POST", headers: { cookie } });
    expect((await get(cookie, "/api/favorites")).status).toBe(401);
  });
});

describe("answers are private", () => {
  test("favorites answers are never cached", async () => {
    const { cookie } = await signUp(request);
    expect((await get(cookie, "/api/favorites")).headers.get("cache-control")).toBe("no-store");
  });
});

describe("a guard against filling the database", () => {
  test("past the per-user maximum, saving a new item is 409 with a clear message; saved items still answer 200", async () => {
    const { Elysia } = await import("elysia");
    const { errorHandling } = await import("../../src/http");
    const { silentLog } = await import("../../src/testing");
    const { favoritesModule } = await import("./index");
    const { createGuard } = await import("../auth");
    const { user } = await signUp(request);
    const app = new Elysia().use(errorHandling({ log: silentLog() })).use(
      favoritesModule({
        database: (await testApp()).database,
        guard: createGuard(async () => ({ id: user.id, isGuest: false, isAdmin: false })),
        maxPerUser: 2,
      }),
    );
    const post = (itemId: string) =>
      app.handle(new Request("http://localhost/api/favorites", jsonPost({ itemType: "city", itemId, itemData: "{}" })));
    expect((await post("a")).status).toBe(201);
    expect((await post("b")).status).toBe(201);
    const refused = await post("c");
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe("You can save at most 2 favorites. Remove some to save more.");
    expect((await post("a")).status).toBe(200);
  });
});
