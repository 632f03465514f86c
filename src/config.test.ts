import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { ConfigError, loadConfig } from "./config";

describe("configuration", () => {
  test("defaults", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(3000);
    expect(config.DATABASE_URL).toBe("file:data/localscope.db");
    expect(config.TILE_URL).toContain("{z}");
  });

  test("empty strings count as unset; values are trimmed", () => {
    expect(loadConfig({ PORT: "", ADMIN_EMAIL: " Admin@Example.com " })).toMatchObject({
      PORT: 3000,
      ADMIN_EMAIL: "admin@example.com",
    });
  });

  test("libSQL server URLs are accepted", () => {
    expect(loadConfig({ DATABASE_URL: "http://127.0.0.1:8080" }).DATABASE_URL).toBe("http://127.0.0.1:8080");
    expect(loadConfig({ DATABASE_URL: "libsql://db.example.com" }).DATABASE_URL).toBe("libsql://db.example.com");
  });

  test("every bad variable is named in one error", () => {
    let error: unknown;
    try {
      loadConfig({ PORT: "80a", DATABASE_URL: "postgres://x", OLLAMA_HOST: "nope", SESSION_SECRET: "short" });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    for (const name of ["PORT", "DATABASE_URL", "OLLAMA_HOST", "SESSION_SECRET"]) expect(message).toContain(name);
  });

  test("REFRESH_SCHEDULE: off by default; daily or weekly; anything else named in the error", () => {
    expect(loadConfig({}).REFRESH_SCHEDULE).toBe("off");
    expect(loadConfig({ REFRESH_SCHEDULE: " weekly " }).REFRESH_SCHEDULE).toBe("weekly");
    expect(() => loadConfig({ REFRESH_SCHEDULE: "hourly" })).toThrow("REFRESH_SCHEDULE must be off, daily or weekly");
  });

  test("TEST_RETRY_BASE_MS (browser tests' short retry delay) is off by default and refused in production", () => {
    expect(loadConfig({}).TEST_RETRY_BASE_MS).toBeUndefined();
    expect(loadConfig({ NODE_ENV: "test", TEST_RETRY_BASE_MS: "50" }).TEST_RETRY_BASE_MS).toBe(50);
    expect(() => loadConfig({ NODE_ENV: "production", TEST_RETRY_BASE_MS: "50" })).toThrow(
      /TEST_RETRY_BASE_MS.*production/,
    );
  });

  test("the server refuses to start on bad configuration, with one clear message", async () => {
    const proc = Bun.spawn([process.execPath, join(import.meta.dir, "server.ts")], {
      env: { ...process.env, PORT: "seventy", DATABASE_URL: "file::memory:" },
      stdout: "pipe",
      stderr: "pipe",
    });
    const code = await proc.exited;
    const stderr = await new Response(proc.stderr).text();
    expect(code).toBe(1);
    expect(stderr).toContain("LocalScope cannot start: bad configuration");
    expect(stderr).toContain("PORT: PORT must be a whole number");
  }, 120_000); // it boots a Bun process: seconds under CI load
});
