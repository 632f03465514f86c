import * as v from "valibot";
import { parseTrustedProxies } from "./proxies";

/**
 * Configuration is read once at start from the environment and validated here.
 * A bad value stops the start with one message that names every bad variable.
 */

const optionalText = v.optional(v.pipe(v.string(), v.trim()));

const urlText = (name: string, protocols: string[]) =>
  v.pipe(
    v.string(),
    v.trim(),
    v.check(
      (value) => {
        try {
          const url = new URL(value);
          return protocols.includes(url.protocol);
        } catch {
          return false;
        }
      },
      `${name} must be a URL starting with ${protocols.map((p) => `${p}//`).join(", ")}`,
    ),
  );

const ConfigSchema = v.object({
  NODE_ENV: v.optional(
    v.picklist(["development", "production", "test"], "NODE_ENV must be development, production or test"),
    "development",
  ),
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
      v.regex(
        /^(file:|libsql:\/\/|https?:\/\/|wss?:\/\/)/,
        "DATABASE_URL must start with file:, libsql://, http://, https://, ws:// or wss://",
      ),
    ),
    "file:data/localscope.db",
  ),
  DATABASE_AUTH_TOKEN: optionalText,
  OLLAMA_HOST: v.optional(urlText("OLLAMA_HOST", ["http:", "https:"])),
  OLLAMA_MODEL: optionalText,
  /** Seconds before a slow model gives way to the data-grounded provider (the product's bound is 10). */
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
  /** Chat messages a user may send per minute (docs/decisions/018-chat.md: 20); benchmarks raise it. */
  CHAT_MESSAGES_PER_MINUTE: v.pipe(
    v.optional(v.string(), "20"),
    v.trim(),
    v.regex(/^\d{1,7}$/, "CHAT_MESSAGES_PER_MINUTE must be a whole number from 1 to 1000000"),
    v.transform(Number),
    v.minValue(1, "CHAT_MESSAGES_PER_MINUTE must be a whole number from 1 to 1000000"),
    v.maxValue(1_000_000, "CHAT_MESSAGES_PER_MINUTE must be a whole number from 1 to 1000000"),
  ),
  ADMIN_EMAIL: v.optional(
    v.pipe(v.string(), v.trim(), v.toLowerCase(), v.email("ADMIN_EMAIL must be an e-mail address")),
  ),
  SESSION_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, "SESSION_SECRET must be at least 32 characters"))),
  TILE_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^https?:\/\/.+\{z\}.*\{x\}.*\{y\}/,
        "TILE_URL must be an http(s) URL template containing {z}, {x} and {y}",
      ),
    ),
    "https://tile.openstreetmap.org/{z}/{x}/{y}.png",
  ),
  /** Writes (POST/PUT/PATCH/DELETE) per client address a minute, and on /api/auth/* (docs/decisions/019-request-hardening.md item 4). */
  RATE_LIMIT_WRITES_PER_MINUTE: v.pipe(
    v.optional(v.string(), "100"),
    v.trim(),
    v.regex(/^\d{1,7}$/, "RATE_LIMIT_WRITES_PER_MINUTE must be a whole number"),
    v.transform(Number),
    v.minValue(1, "RATE_LIMIT_WRITES_PER_MINUTE must be at least 1"),
  ),
  RATE_LIMIT_AUTH_PER_MINUTE: v.pipe(
    v.optional(v.string(), "10"),
    v.trim(),
    v.regex(/^\d{1,7}$/, "RATE_LIMIT_AUTH_PER_MINUTE must be a whole number"),
    v.transform(Number),
    v.minValue(1, "RATE_LIMIT_AUTH_PER_MINUTE must be at least 1"),
  ),
  /** Place searches per client a minute (an IPv6 client is its /64); each costs a database search. */
  RATE_LIMIT_SEARCHES_PER_MINUTE: v.pipe(
    v.optional(v.string(), "120"),
    v.trim(),
    v.regex(/^\d{1,7}$/, "RATE_LIMIT_SEARCHES_PER_MINUTE must be a whole number"),
    v.transform(Number),
    v.minValue(1, "RATE_LIMIT_SEARCHES_PER_MINUTE must be at least 1"),
  ),
  /** Reverse proxies whose X-Forwarded-For/-Proto/-Host are believed: addresses or CIDR ranges, comma-separated (default none). */
  TRUSTED_PROXIES: v.pipe(
    v.optional(v.string(), ""),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      try {
        return parseTrustedProxies(dataset.value);
      } catch (error) {
        addIssue({ message: (error as Error).message.replace(/^TRUSTED_PROXIES: /, "") });
        return NEVER;
      }
    }),
  ),
  // Traffic log (docs/decisions/022-traffic-log.md, docs/product.md#traffic, docs/decisions/022-traffic-log.md).
  TRAFFIC_LOG: v.pipe(
    v.optional(v.picklist(["true", "false"], "TRAFFIC_LOG must be true or false"), "true"),
    v.transform((value) => value === "true"),
  ),
  TRAFFIC_RETENTION_DAYS: v.pipe(
    v.optional(v.string(), "30"),
    v.trim(),
    v.regex(/^\d{1,4}$/, "TRAFFIC_RETENTION_DAYS must be a whole number of days from 1 to 3650"),
    v.transform(Number),
    v.minValue(1, "TRAFFIC_RETENTION_DAYS must be a whole number of days from 1 to 3650"),
    v.maxValue(3650, "TRAFFIC_RETENTION_DAYS must be a whole number of days from 1 to 3650"),
  ),
  TRAFFIC_HASH_IPS: v.pipe(
    v.optional(v.picklist(["true", "false"], "TRAFFIC_HASH_IPS must be true or false"), "false"),
    v.transform((value) => value === "true"),
  ),
  TRAFFIC_INCLUDE_ADMIN: v.pipe(
    v.optional(v.picklist(["true", "false"], "TRAFFIC_INCLUDE_ADMIN must be true or false"), "false"),
    v.transform((value) => value === "true"),
  ),
  /** Places refresh and background import (docs/decisions/023-places-a-traveller-wants.md–8, docs/decisions/024-places-operations.md). */
  OSM_EXTRACT_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(
        /^https?:\/\/\S*\{(state|code|CODE)\}/,
        "OSM_EXTRACT_URL must be an http(s) URL template containing {state}, {code} or {CODE}",
      ),
    ),
  ),
  OVERTURE_PLACES_URL: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^https?:\/\/\S+$/, "OVERTURE_PLACES_URL must be an http(s) URL (may contain {state}, {code} or {CODE})"),
    ),
  ),
  PLACES_BACKGROUND_IMPORT: v.optional(v.picklist(["on", "off"], "PLACES_BACKGROUND_IMPORT must be on or off"), "on"),
  /** The server refreshes every state from OpenStreetMap itself, at low priority (src/refresh-schedule.ts); off by default. */
  REFRESH_SCHEDULE: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.picklist(["off", "daily", "weekly"], "REFRESH_SCHEDULE must be off, daily or weekly"),
    ),
    "off",
  ),
  /**
   * Browser tests only (decision 025): the client's first retry waits this many ms instead of 1 s (still
   * doubling). Refused when NODE_ENV is production.
   */
  TEST_RETRY_BASE_MS: v.optional(
    v.pipe(
      v.string(),
      v.trim(),
      v.regex(/^\d{1,4}$/, "TEST_RETRY_BASE_MS must be a whole number of milliseconds below 10000"),
      v.transform(Number),
    ),
  ),
});

/** Hosted Ollama, used when only OLLAMA_API_KEY is set; the model asked when OLLAMA_MODEL is unset. */
export const HOSTED_OLLAMA = "https://ollama.com";
export const DEFAULT_MODEL = "llama3.2";

/** The model every LLM call uses (modules/llm), or null when none is configured. */
export interface LlmSettings {
  host: string;
  model: string;
  apiKey?: string;
  /** First-token timeout: a model that sends nothing for this long is abandoned. */
  firstTokenMs: number;
}

const ResolvedConfig = v.pipe(
  ConfigSchema,
  v.transform((c) => {
    const host = c.OLLAMA_HOST ?? (c.OLLAMA_API_KEY ? HOSTED_OLLAMA : undefined);
    const llm: LlmSettings | null = host
      ? {
          host,
          model: c.OLLAMA_MODEL ?? DEFAULT_MODEL,
          apiKey: c.OLLAMA_API_KEY,
          firstTokenMs: c.OLLAMA_TIMEOUT_SECONDS * 1000,
        }
      : null;
    return { ...c, llm };
  }),
);

export type Config = v.InferOutput<typeof ResolvedConfig>;

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
  const result = v.safeParse(ResolvedConfig, input);
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
