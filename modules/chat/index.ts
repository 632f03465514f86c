import { Elysia } from "elysia";
import type { ModuleDeps } from "../../src/module-deps";

/** Chat: the controller. Its routes arrive with their own issue; the module is mounted already, with
 * its dependencies (database, current user, config, logger) injected. */
export function chatModule(_deps: ModuleDeps) {
  return new Elysia({ name: "chat", prefix: "/api/chat" });
}
