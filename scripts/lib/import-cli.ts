/**
 * The command line the import scripts share (import-osm.ts, import-overture.ts): options with a value,
 * positional files or URLs, --state checked against the US states, then the configuration (DATABASE_URL like
 * the server) and the booted database. A bad argument exits 2 with the script's usage, a bad configuration 1.
 */
import { bootServices } from "../../src/boot";
import { ConfigError, loadConfig, type Config } from "../../src/config";
import { US_STATES } from "../../src/domain";

export function importArgs(usage: string, valueOptions: readonly string[], args = process.argv.slice(2)) {
  const fail = (message: string): never => {
    console.error(message ? `${message}\n${usage}` : usage);
    process.exit(2);
  };
  const option = (name: string): string | undefined => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const valueAt = new Set(valueOptions.map((name) => args.indexOf(name) + 1).filter((i) => i > 0));
  /** Arguments that are neither an option nor an option's value. */
  const positional = args.filter((a, i) => !a.startsWith("-") && !valueAt.has(i));
  /** --state's value upper-cased; undefined when not given and not required; otherwise exits unless it names a US state. */
  const state = (required: boolean): string | undefined => {
    if (!required && !args.includes("--state")) return undefined;
    const code = option("--state")?.toUpperCase();
    if (!code || !US_STATES[code])
      fail(`--state needs a two-letter US state code (e.g. TX), got "${option("--state") ?? ""}"`);
    return code;
  };
  return { fail, option, positional, state };
}

/** The configuration from the environment, or exit 1 with its one message naming each bad variable. */
export function importConfig(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  }
}

/** The database and city index, booted like the server (migrations, cities) but with no background import. */
export function bootForImport(config: Config) {
  return bootServices(
    { ...config, PLACES_BACKGROUND_IMPORT: "off" },
    { info: console.log, warn: console.warn, error: console.error },
  );
}

/** Run the import; an error ends the progress line and prints its message (exit code 1); the database closes. */
export async function runImport(database: { close(): void }, bar: { done(): void }, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    bar.done();
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    database.close();
  }
}
