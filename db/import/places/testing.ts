/** Test helper: a project script run in another process, as an operator runs it (`bun scripts/NAME ARGS`). */
import { join } from "node:path";

const root = join(import.meta.dir, "../../..");

/**
 * `bun scripts/<script> …args` on the database at `databaseUrl` (no background state import), with `env` on top of
 * this process's environment; resolves when it ends, with its output and exit code.
 */
export async function runScript(
  script: string,
  args: string[],
  databaseUrl: string,
  env: Record<string, string> = {},
): Promise<{ stdout: string; stderr: string; code: number }> {
  const proc = Bun.spawn([process.execPath, join(root, "scripts", script), ...args], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, PLACES_BACKGROUND_IMPORT: "off", ...env },
    stdout: "pipe",
    stderr: "pipe",
  });
  const [stdout, stderr, code] = await Promise.all([
    new Response(proc.stdout).text(),
    new Response(proc.stderr).text(),
    proc.exited,
  ]);
  return { stdout, stderr, code };
}
