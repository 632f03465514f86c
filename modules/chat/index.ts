import { Elysia } from "elysia";

/** Chat: the controller. Its routes arrive with their own issue; the module is mounted already. */
export function chatModule() {
  return new Elysia({ name: "chat", prefix: "/api/chat" });
}
