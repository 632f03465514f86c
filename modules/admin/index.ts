import { Elysia } from "elysia";

/** Admin: the controller. Its routes arrive with their own issue; the module is mounted already. */
export function adminModule() {
  return new Elysia({ name: "admin", prefix: "/api/admin" });
}
