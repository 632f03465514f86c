/**
 * `npm run durability` itself: it passes with its defaults (five kill -9 rounds: the fifth once answered 429,
 * each round signing in again for every earlier one), and it never leaves a server running, whether it ends or
 * is interrupted. Each run gets a temporary folder of its own (TMPDIR), so its servers are told apart from
 * any other by their database path.
 */
import { expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = join(import.meta.dir, "..");

/** Processes whose environment names a database under `folder` (the servers the script started). */
function serversUnder(folder: string): number[] {
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, "utf8").includes(`DATABASE_URL=file:${folder}`);
      } catch {
        return false; // ended meanwhile, or not ours to read
      }
    })
    .map(Number);
}

function durability(folder: string, args: string[] = []) {
  return Bun.spawn([process.execPath, join(root, "scripts/durability.ts"), ...args], {
    cwd: root,
    env: { ...process.env, TMPDIR: folder },
    stdout: "pipe",
    stderr: "pipe",
  });
}

test.skipIf(process.platform !== "linux")(
  "with its defaults it passes (five rounds, no 429) and leaves no server behind",
  async () => {
    const folder = mkdtempSync(join(tmpdir(), "localscope-durability-test-"));
    try {
      const run = durability(folder);
      const [code, out, err] = await Promise.all([
        run.exited,
        new Response(run.stdout).text(),
        new Response(run.stderr).text(),
      ]);
      // A failure says why: the script's last lines and its servers' errors.
      expect(
        { code, passed: out.includes("durability: PASS") },
        `npm run durability:\n${out.slice(-1500)}\n${err.slice(-2500)}`,
      ).toEqual({ code: 0, passed: true });
      expect(out).toContain("after 5 kill -9 rounds");
      expect(serversUnder(folder)).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
  // Five rounds of server starts and kill -9 take about 4 minutes on a busy CI machine (npm test runs this file
  // beside every other stage): the limit guards against a hang, not a slow machine.
  600_000,
);

test.skipIf(process.platform !== "linux")(
  "interrupted (Ctrl-C) mid-run, it stops its server before it exits",
  async () => {
    const folder = mkdtempSync(join(tmpdir(), "localscope-durability-test-"));
    try {
      const run = durability(folder, ["--rounds", "3"]);
      // Wait until a server of the run is up and a round has been written.
      const reader = run.stdout.getReader();
      let seen = "";
      while (!seen.includes("round 1:")) {
        const { value, done } = await reader.read();
        if (done) break;
        seen += new TextDecoder().decode(value);
      }
      expect(seen).toContain("round 1:");
      run.kill("SIGINT");
      expect(await run.exited).toBe(130);
      expect(serversUnder(folder)).toEqual([]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  },
  240_000,
);
