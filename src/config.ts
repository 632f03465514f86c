import * as v from "valibot";

/**
 * Configuration is read once at start from the environment and validated here.
 * A bad value stops the start with one message that names every bad variable.
 */

const optionalText = v.optional(v.pipe(v.string(), v.trim()));

const urlText = (name: string, protocols: string[]) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.check((value) => {
      try {
        const url = new URL(value);
        return protocols.includes(url.protocol);
      } catch {
        return false;
      }
    }, `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(", ")}`),
  );

const ConfigSchema = v.object({
  NODE_ENV: v.optional(v.picklist(["development", "production", "test"], "NODE_ENV must be development, production or test"), "development"),
  PORT: v.pipe(
    v.optional(v.string(), "3000"),
    v.trim(),
    v.regex(/^\d{1,5}$/, "PORT must be a whole number from 0 to 65535"),
    v.transform(Number),
    v.maxValue(65535, "PORT must be a whole number from 0 to 65535"),
  ),
  HOST: v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty("HOST must not be empty")), "0.0.0.0"),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/)/, "DATABASE_URL must start with file:, libsql://, http://, https://, ws:// or wss://"),
    ),
    "file:data/localscope.db",
  ),
  DATABASE_AUTH_TOKEN: optionalText,
  OLLAMA_HOST: v.optional(urlText("OLLAMA_HOST", ["http:", "https:"])),
  OLLAMA_MODEL: optionalText,
  /** Seconds before a slow model gives way to the data-grounded provider (the spec's bound is 10). */
  OLLAMA_TIMEOUT_SECONDS: v.pipe(
    v.optional(v.string(), "8"),
    v.trim(),
    v.regex(/^\d+(\.\d+)?$/, "OLLAMA_TIMEOUT_SECONDS must be a number of seconds from 1 to 10"),
    v.transform(Number),
    v.minValue(1, "OLLAMA_TIMEOUT_SECONDS must be a number of seconds from 1 to 10"),
    v.maxValue(10, "OLLAMA_TIMEOUT_SECONDS must be a number of seconds from 1 to 10"),
  ),
  /** Optional live OpenStreetMap source (an Overpass API endpoint, e.g. https://overpass-api.de/api/interpreter). */
  OVERPASS_URL: v.optional(urlText("OVERPASS_URL", ["http:", "https:"])),
  OLLAMA_API_KEY: optionalText,
  ADMIN_EMAIL: v.optional(v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email("ADMIN_EMAIL must be an e-mail address"))),
  SESSION_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, "SESSION_SECRET must be at least 32 characters"))),
  TILE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^https?:\/\/.+\{z\}.*\{x\}.*\{y\}/, "TILE_URL must be an http(s) URL template containing {z}, {x} and {y}"),
    ),
    "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  ),
  /**
   * Browser tests only (decision 025): the client's first retry waits this many ms instead of 1 s (still
   * doubling). Refused when NODE_ENV is production.
   */
  TEST_RETRY_BASE_MS: v.optional(
    v.pipe(v.string(), v.trim(), v.regex(/^\d{1,4}$/, "TEST_RETRY_BASE_MS must be a whole number of milliseconds below 10000"), v.transform(Number)),
  ),
});

export type Config = v.InferOutput<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`LocalScope cannot start: bad configuration\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Validate an environment; empty strings count as unset. Throws ConfigError naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const input: Record<string, string> = {};
  for (const key of Object.keys(ConfigSchema.entries)) {
    const value = env[key];
    if (value !== undefined && value.trim() !== "") input[key] = value;
  }
  const result = v.safeParse(ConfigSchema, input);
  if (result.success) {
    if (result.output.NODE_ENV === "production" && result.output.TEST_RETRY_BASE_MS !== undefined)
      throw new ConfigError(["TEST_RETRY_BASE_MS: only for tests; it must not be set when NODE_ENV is production"]);
    return result.output;
  }
  const problems = result.issues.map((issue) => {
    const key = issue.path?.map((p) => String(p.key)).join(".") ?? "configuration";
    return `${key}: ${issue.message}`;
  });
  throw new ConfigError(problems);
}
