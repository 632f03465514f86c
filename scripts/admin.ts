/**
 * Operator commands (docs/decisions/051-admin-claim-proves-ownership.md).
 *
 *   npm run admin -- claim EMAIL [--yes] [--username NAME]
 *
 * EMAIL must equal ADMIN_EMAIL. Shows the account that holds the address (username, created, live sessions)
 * and asks for confirmation (`--yes` skips it); then makes it the admin, gives it a new password (printed once)
 * and ends its sessions, so whoever registered the address before the operator loses it. With no account of
 * that address, creates the admin account (username NAME, default "admin"). Reads the same configuration as
 * the server: run it with the server's environment (DATABASE_URL, ADMIN_EMAIL, …).
 */
import { openDatabase } from "../db/client";
import { migrate } from "../db/migrate";
import { claimAsOperator, claimCandidate } from "../modules/auth";
import { ConfigError, loadConfig } from "../src/config";

const USAGE = "usage: npm run admin -- claim EMAIL [--yes] [--username NAME]";

function parse(args: string[]) {
  const rest = [...args];
  const yes = rest.includes("--yes");
  if (yes) rest.splice(rest.indexOf("--yes"), 1);
  let username: string | undefined;
  const at = rest.indexOf("--username");
  if (at >= 0) [, username] = rest.splice(at, 2);
  const [command, email, ...extra] = rest;
  if (command !== "claim" || !email || extra.length || (at >= 0 && !username?.trim())) return null;
  return { email, yes, username: username?.trim() };
}

async function main(args: string[]): Promise<number> {
  const options = parse(args);
  if (!options) {
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
    const candidate = await claimCandidate(database, config.ADMIN_EMAIL, options.email);
    if ("refused" in candidate) {
      console.error(`Not claimed: ${candidate.refused}`);
      return 1;
    }
    const { account } = candidate;
    if (account) {
      const sessions = `${account.liveSessions} live session${account.liveSessions === 1 ? "" : "s"}`;
      console.log(
        `The account with ${candidate.email}: #${account.id}, username "${account.username ?? ""}", created ${account.createdAt.toISOString()}, ${sessions}.`,
      );
      console.log(
        `Claiming makes it the admin, gives it a new password (printed below) and ends its ${sessions}: if you did not register it yourself, whoever did loses it.`,
      );
    } else {
      console.log(
        `No account has ${candidate.email}. Claiming creates it (username "${options.username ?? "admin"}") as the admin, with a new password printed below.`,
      );
    }
    if (!options.yes) {
      const answer = prompt('Type "claim" to go on:');
      if (answer?.trim().toLowerCase() !== "claim") {
        console.error('Not claimed: no confirmation (type "claim", or add --yes).');
        return 1;
      }
    }
    const result = await claimAsOperator(database, config.ADMIN_EMAIL, candidate.email, options.username);
    if (!result.ok) {
      console.error(`Not claimed: ${result.reason}`);
      return 1;
    }
    console.log(
      `Claimed: account #${result.userId} (${candidate.email}) is the admin${result.created ? " (created)" : ""}. Any setup code printed before is now void.`,
    );
    console.log(`Its password is now: ${result.password}`);
    console.log("(shown once: sign in with it; every earlier session of the account has ended)");
    return 0;
  } finally {
    database.close();
  }
}

process.exit(await main(process.argv.slice(2)));
