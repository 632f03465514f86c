import { Elysia } from "elysia";

/** Auth: the controller. Its routes arrive with their own issue; the module is mounted already. */
export function authModule() {
  return new Elysia({ name: "auth", prefix: "/api/auth" });
}
