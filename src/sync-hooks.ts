// Elysia's onRequest hooks, called without `await` (see syncRequestHooks).

/**
 * Declare a plugin's onRequest hooks synchronous (session 8, decision 033). Elysia guesses whether a hook is async
 * from its source text: any `return f(`, `=> f(`, "async" or "await" in it counts. One async onRequest hook
 * compiles the app's request handler as an async function that awaits each such hook: a promise and a
 * microtask turn per hook on every request. The hooks given here are called without `await`; each must answer
 * undefined (go on), a Response, or a promise only when it certainly answers (a Promise<Response>).
 */
export function syncRequestHooks<T extends { event: object }>(plugin: T): T {
  for (const hook of (plugin.event as { request?: Array<{ isAsync?: boolean }> }).request ?? []) hook.isAsync = false;
  return plugin;
}
