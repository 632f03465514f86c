/**
 * Operator commands (DECISIONS 22).
 *
 *   npm run admin -- claim EMAIL    make the registered account with this e-mail (which must equal
 *                                   ADMIN_EMAIL) the admin
 *
 * Reads the same configuration as the server (DATABASE_URL, ADMIN_EMAIL, …).
 */
import { openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { claimAdmin } from "../modules/auth";
import { ConfigError, loadConfig } from "../src/config";

const USAGE = "usage: npm run admin -- claim EMAIL";

async function main(args: string[]): Promise<number> {
  const [command, email, ...rest] = args;
  if (command !== "claim" || !email || rest.length) {
    console.error(USAGE);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const database = await openDatabase(config.DATABASE_URL, config.DATABASE_AUTH_TOKEN);
  try {
    await migrate(database.client);
    const result = await claimAdmin({ database, config }, email);
    if (!result.ok) {
      console.error(`Not claimed: ${result.reason}`);
      return 1;
    }
    console.log(
      `Claimed: account #${result.userId} (${email.trim().toLowerCase()}) is the admin. Any setup code printed before is now void.`,
    );
    return 0;
  } finally {
    database.close();
  }
}

process.exit(await main(process.argv.slice(2)));
