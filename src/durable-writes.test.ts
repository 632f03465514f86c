/**
 * What a power cut may not take (docs/decisions/068-durable-accounts-and-favorites.md): the answers that tell a
 * user an account was created, a session ended or a favorite saved or removed come only after the database made
 * the commit durable (`Database.durable`, an fsync of the WAL). The database's own fsync is tested in
 * db/client.test.ts; here a stand-in holds it, and the answer must wait for it.
 */
import { describe, expect, test } from "bun:test";
import { jsonPost, signUp, STRONG_PASSWORD, uniqueEmail } from "../modules/auth/testing";
import { testApp } from "./testing";

const { request, database } = await testApp();
const realDurable = database.durable;
/** While set, `durable()` tells the test it was called and waits for `release`. */
let hold: { called: () => void; release: Promise<void> } | null = null;
database.durable = async () => {
  const held = hold;
  if (held) {
    hold = null;
    held.called();
    await held.release;
  }
  return realDurable();
};

/** Sends a request with `durable()` held: whether it was called before the answer came, and the answer once released. */
async function heldAnswer(send: () => Promise<Response>) {
  let called!: () => void;
  let release!: () => void;
  const durableCalled = new Promise<"durable">((resolve) => {
    called = () => resolve("durable");
  });
  hold = { called, release: new Promise<void>((resolve) => (release = resolve)) };
  const answer = send();
  const first = await Promise.race([durableCalled, answer.then(() => "answer" as const)]);
  hold = null;
  release();
  return { first, response: await answer };
}

describe("answers that promise a saved account or favorite wait for a durable commit", () => {
  test("registration: 201 only after the account's commit is durable", async () => {
    const { first, response } = await heldAnswer(() =>
      request("/api/auth/register", jsonPost({ email: uniqueEmail(), username: "Durable", password: STRONG_PASSWORD })),
    );
    expect({ first, status: response.status }).toEqual({ first: "durable", status: 201 });
  });

  test("sign-out: the session's end is durable before the answer", async () => {
    const { cookie } = await signUp(request);
    const { first, response } = await heldAnswer(() => request("/api/auth/logout", jsonPost({}, { cookie })));
    expect({ first, ok: response.ok }).toEqual({ first: "durable", ok: true });
    // The old cookie no longer signs anyone in.
    expect((await request("/api/auth/me", { headers: { cookie } })).status).toBe(401);
  });

  test("a favorite saved (201) and removed (204) only after its commit is durable", async () => {
    const { cookie } = await signUp(request);
    const body = { itemType: "city", itemId: "reno-nv", itemData: "{}" };
    const saved = await heldAnswer(() => request("/api/favorites", jsonPost(body, { cookie })));
    expect({ first: saved.first, status: saved.response.status }).toEqual({ first: "durable", status: 201 });
    const removed = await heldAnswer(() =>
      request("/api/favorites/city/reno-nv", { method: "DELETE", headers: { cookie } }),
    );
    expect({ first: removed.first, status: removed.response.status }).toEqual({ first: "durable", status: 204 });
  });
});
