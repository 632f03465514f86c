/** For the suites in scripts/: start the real server (src/server.ts, production mode) on a free port and a given database. */
import { createServer } from "node:net";
import { join } from "node:path";

export const root = join(import.meta.dir, "../..");

// SCRIPTS_PORT_BASE=4500 hands out 4500, 4501, … instead of free ports the system picks (a shared machine's
// helpers each keep to their own range).
let nextPort = Number(process.env.SCRIPTS_PORT_BASE) || 0;

export const freePort = (): Promise<number> =>
  nextPort ? Promise.resolve(nextPort++) : new Promise((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });

export async function startServer(options: { port: number; databaseFile: string; env?: Record<string, string> }) {
  const proc = Bun.spawn([join(root, "node_modules/.bin/bun"), join(root, "src/server.ts")], {
    cwd: root,
    // No background import of every state (the first minutes after a first start): it would compete with
    // what the suites measure, as in scripts/lighthouse.ts. A state is imported when first asked for.
    env: { ...process.env, NODE_ENV: "production", PORT: String(options.port), HOST: "127.0.0.1", DATABASE_URL: `file:${options.databaseFile}`, PLACES_BACKGROUND_IMPORT: "off", ...options.env },
    stdout: "ignore",
    stderr: "inherit",
  });
  const base = `http://127.0.0.1:${options.port}`;
  for (let i = 0; i < 600; i++) {
    if (proc.exitCode !== null) throw new Error(`the server exited with ${proc.exitCode} before it answered`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { proc, base };
    } catch {
      // still starting
    }
    await Bun.sleep(100);
  }
  proc.kill(9);
  throw new Error("the server did not answer /healthz within 60 s");
}

export const cookieOf = (response: Response) => response.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

/** A guest's session cookie ("Continue as guest"): pages are for signed-in visitors. */
export async function guestCookie(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/auto-login`, { method: "POST", headers: { origin: base } });
  if (!login.ok) throw new Error(`auto-login answered ${login.status}`);
  return cookieOf(login);
}
