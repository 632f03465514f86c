/**
 * Guest sign-in while another connection (the import thread's) holds the database's write lock: the requests
 * wait and succeed, and the connections they met the lock on serve later sign-ins (they answered 500 with
 * "cannot commit transaction - SQL statements in progress"). npm test runs this file without the places template.
 */
import { expect, test } from "bun:test";
import Connection from "libsql";
import { testApp } from "../../src/testing";
import { GUEST_COOKIE } from "./cookies";
import { continueAsGuest, uniqueIp } from "./testing";

const { request, database } = await testApp();

const guestSignIn = (cookie?: string) =>
  request("/api/auth/auto-login", {
    method: "POST",
    headers: { "x-forwarded-for": uniqueIp(), ...(cookie ? { cookie } : {}) },
  });

test("guest sign-ins during another writer's lock, and after it, all succeed", async () => {
  // Returning guests: a guest cookie without a session (a browser back after its session ended).
  const returning = await Promise.all(
    Array.from({ length: 8 }, async () =>
      (await continueAsGuest(request)).cookie
        .split("; ")
        .filter((pair) => pair.startsWith(`${GUEST_COOKIE}=`))
        .join("; "),
    ),
  );
  const file = String((await database.client.execute("PRAGMA database_list")).rows[0]!.file);
  const importer = new Connection(file);
  try {
    importer.exec("BEGIN IMMEDIATE"); // holds the write lock until COMMIT
    const during = [
      ...returning.map((cookie) => guestSignIn(cookie)),
      ...Array.from({ length: 8 }, () => guestSignIn()),
    ];
    // The import's write takes a moment; the sign-ins meet its lock meanwhile and try again after short pauses.
    setTimeout(() => importer.exec("COMMIT"), 300);
    expect((await Promise.all(during)).map((r) => r.status)).toEqual(Array(16).fill(200));
    // New guests afterwards: their sign-in's rate-limit transaction commits on whichever connection it gets.
    const after = await Promise.all(Array.from({ length: 16 }, () => guestSignIn()));
    expect(after.map((r) => r.status)).toEqual(Array(16).fill(200));
  } finally {
    if (importer.inTransaction) importer.exec("ROLLBACK");
    importer.close();
  }
}, 60_000);
