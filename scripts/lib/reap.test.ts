import { expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { testDir } from "../../db/testing-template";

const reap = join(import.meta.dir, "reap.ts");

/**
 * A command that leaves a process behind and exits 3 at once; the process left behind does a fixed amount of work, then
 * writes the CPU seconds it used to `file` (when given).
 */
function leavesOrphan(file?: string): string[] {
  const report = file
    ? `require("node:fs").writeFileSync(${JSON.stringify(file)}, String(process.cpuUsage().user / 1e6 + process.cpuUsage().system / 1e6));`
    : "";
  // A fixed amount of work (~0.3 CPU-s), not a time: on a loaded machine 300 ms of wall time was 0.07 CPU-s.
  const orphan = `let x = 0; for (let i = 0; i < 1e8; i++) x += Math.sqrt(i); ${report}`;
  return ["sh", "-c", `(${JSON.stringify(process.execPath)} -e '${orphan}' &); exit 3`];
}

const cpuOf = (proc: ReturnType<typeof Bun.spawn>) => Number(proc.resourceUsage()!.cpuTime.total) / 1e6;

test.skipIf(process.platform !== "linux")(
  "a stage's CPU counts the processes its command left behind, and its exit code is the command's",
  async () => {
    const dir = testDir("ls-reap-");
    const alone = Bun.spawn(leavesOrphan(), { stdout: "ignore" });
    expect(await alone.exited).toBe(3);
    // A niced test lane on a loaded machine can take longer than the stages' 10 s to give the orphan its CPU.
    const wrapped = Bun.spawn([process.execPath, reap, ...leavesOrphan(join(dir, "wrapped"))], {
      stdout: "ignore",
      env: { ...process.env, REAP_WAIT_MS: "120000" },
    });
    expect(await wrapped.exited).toBe(3);
    // The wrapper waited for its orphan: the orphan's figure is written, and counted in the wrapper's children.
    const orphanCpu = Number(readFileSync(join(dir, "wrapped"), "utf8"));
    expect(orphanCpu).toBeGreaterThan(0.1);
    expect(cpuOf(wrapped)).toBeGreaterThanOrEqual(orphanCpu);
    // Without it the orphan went to init, and none of its time was the command's.
    expect(cpuOf(alone)).toBeLessThan(orphanCpu);
  },
  150_000,
);
