import type { Database } from "../db/client";
import type { Config } from "./config";
import type { CurrentUser, Logger } from "./http";

/** What src/app.ts hands every feature module that needs the app's plumbing (issue 10: injected, never imported). */
export interface ModuleDeps {
  database: Database;
  /** Who is calling (null = anonymous). */
  currentUser: CurrentUser;
  config: Config;
  log: Logger;
}
