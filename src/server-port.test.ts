/**
 * A second server on a port another already listens on stops with "in use", rather than sharing the port: in
 * production Bun sets SO_REUSEPORT unless told not to, and two servers (two databases) then each took a part
 * of the requests, silently.
 */
import { expect, test } from "bun:test";
import { freshDatabase } from "../db/testing-template";
import { startServer } from "../scripts/lib/server";

test("a server started on a port in use exits saying so; the one listening keeps every request", async () => {
  // Another production server on the port, as a LocalScope server listened before (SO_REUSEPORT set).
  const other = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    development: false,
    reusePort: true,
    fetch: () => new Response("the other server", { status: 418 }),
  });
  try {
    const started = await startServer({ port: other.port!, databaseFile: freshDatabase() }).then(
      ({ proc }) => {
        proc.kill(9);
        return "it answered on the shared port";
      },
      (error: Error) => error.message,
    );
    expect(started).toMatch(/exited with 1 before it answered/);
    for (let i = 0; i < 8; i++) expect((await fetch(`http://127.0.0.1:${other.port}/healthz`)).status).toBe(418);
  } finally {
    other.stop(true);
  }
}, 60_000);
