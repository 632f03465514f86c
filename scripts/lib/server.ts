/** For the suites in scripts/: start the real server (src/server.ts, production mode) on a free port and a given database. */
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const root = join(import.meta.dir, "../..");

// SCRIPTS_PORT_BASE=4500 hands out 4500, 4501, … instead of free ports the system picks (a shared machine's
// helpers each keep to their own range).
let nextPort = Number(process.env.SCRIPTS_PORT_BASE) || 0;

export const freePort = (): Promise<number> =>
  nextPort
    ? Promise.resolve(nextPort++)
    : new Promise((resolve) => {
        const s = createServer().listen(0, "127.0.0.1", () => {
          const p = (s.address() as { port: number }).port;
          s.close(() => resolve(p));
        });
      });

/**
 * CPU pinning for the throughput and CPU benchmarks (decision 022, "A benchmark to trust"): on Linux with
 * `taskset` and at least two cores, the servers run on CPU 0 and this process (autocannon, its load generator)
 * on the others, so the two never take turns on one core and a server's figures do not swing with where the
 * scheduler put the load generator. Everything of a server (its request thread and the request log's writer
 * thread) then shares one core: the log's whole cost counts against throughput, never less. `BENCH_PIN=off`
 * turns it off. Returns the CPU list for the servers, or null when not pinned (the reason is printed).
 */
export function pinCpus(): string | null {
  const taskset = Bun.which("taskset");
  const cores = navigator.hardwareConcurrency;
  const why =
    process.env.BENCH_PIN === "off"
      ? "BENCH_PIN=off"
      : process.platform !== "linux"
        ? "not Linux"
        : !taskset
          ? "no taskset"
          : cores < 2
            ? "one core"
            : null;
  if (!why) {
    const pinned = Bun.spawnSync(
      [taskset!, "-a", "-p", "-c", cores === 2 ? "1" : `1-${cores - 1}`, String(process.pid)],
      { stdout: "ignore", stderr: "pipe" },
    );
    if (pinned.exitCode === 0) return "0";
    console.log(`not pinned to CPUs: taskset failed (${pinned.stderr.toString().trim()})`);
    return null;
  }
  console.log(`not pinned to CPUs (${why}): server and load generator share the cores, figures swing more`);
  return null;
}

/** `tree`: another checkout of the project to run instead of this one (an older build measured side by side). */
export async function startServer(options: {
  port: number;
  databaseFile: string;
  env?: Record<string, string>;
  cpus?: string | null;
  tree?: string;
  /** Told the process as soon as it is spawned (before it answers): a caller interrupted meanwhile can still stop it. */
  onSpawn?: (proc: ReturnType<typeof Bun.spawn>) => void;
}) {
  // `taskset -c LIST command` executes the command in its own process: proc.pid stays the server's.
  const pin = options.cpus ? [Bun.which("taskset")!, "-c", options.cpus] : [];
  const tree = options.tree ?? root;
  const proc = Bun.spawn([...pin, join(root, "node_modules/.bin/bun"), join(tree, "src/server.ts")], {
    cwd: tree,
    // No background import of every state (the first minutes after a first start): it would compete with
    // what the suites measure, as in scripts/lighthouse.ts. A state is imported when first asked for.
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(options.port),
      HOST: "127.0.0.1",
      DATABASE_URL: `file:${options.databaseFile}`,
      PLACES_BACKGROUND_IMPORT: "off",
      ...options.env,
    },
    stdout: "ignore",
    stderr: "inherit",
  });
  options.onSpawn?.(proc);
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

export const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** A guest's session cookie ("Continue as guest"): pages are for signed-in visitors. */
export async function guestCookie(base: string): Promise<string> {
  const login = await fetch(`${base}/api/auth/auto-login`, { method: "POST", headers: { origin: base } });
  if (!login.ok) throw new Error(`auto-login answered ${login.status}`);
  return cookieOf(login);
}

/**
 * The project as it was at git revision `rev`, in a temporary folder (git archive), sharing this checkout's
 * node_modules and with its client built, ready for `startServer({ tree })`: a benchmark's baseline build,
 * measured in the same run as this one. Null (with the reason) when git or the revision is not there (a
 * shallow clone, an archive without .git).
 */
export function checkoutTree(rev: string): { dir: string; remove(): void } | { error: string } {
  const git = Bun.which("git");
  if (!git) return { error: "no git" };
  const known = Bun.spawnSync([git, "-C", root, "cat-file", "-e", `${rev}^{commit}`], {
    stdout: "ignore",
    stderr: "ignore",
  });
  if (known.exitCode !== 0) return { error: `revision ${rev} not in this clone` };
  const dir = mkdtempSync(join(tmpdir(), "localscope-baseline-"));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const tar = join(dir, "tree.tar");
  const archive = Bun.spawnSync([git, "-C", root, "archive", "--output", tar, rev], {
    stdout: "ignore",
    stderr: "pipe",
  });
  const unpacked =
    archive.exitCode === 0
      ? Bun.spawnSync(["tar", "-x", "-f", tar, "-C", dir], { stdout: "ignore", stderr: "pipe" })
      : archive;
  rmSync(tar, { force: true });
  if (unpacked.exitCode !== 0) {
    remove();
    return { error: `git archive ${rev} failed: ${unpacked.stderr.toString().trim()}` };
  }
  try {
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
  } catch (error) {
    remove();
    return { error: `no node_modules link: ${error instanceof Error ? error.message : error}` };
  }
  const build = Bun.spawnSync([join(root, "node_modules/.bin/bun"), "scripts/build.ts"], {
    cwd: dir,
    stdout: "ignore",
    stderr: "pipe",
    env: { ...process.env, NODE_ENV: "production" },
  });
  if (build.exitCode !== 0) {
    remove();
    return { error: `building ${rev} failed: ${build.stderr.toString().trim().slice(0, 300)}` };
  }
  return { dir, remove };
}
