import { Elysia } from "elysia";

/** Traffic: the controller. Its routes arrive with their own issue; the module is mounted already. */
export function trafficModule() {
  return new Elysia({ name: "traffic", prefix: "/api/traffic" });
}
