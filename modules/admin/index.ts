import { Elysia } from "elysia";
import type { ModuleDeps } from "../../src/module-deps";

/** Admin: the controller. Its routes arrive with their own issue; the module is mounted already, with
 * its dependencies (database, current user, config, logger) injected. */
export function adminModule(_deps: ModuleDeps) {
  return new Elysia({ name: "admin", prefix: "/api/admin" });
}
