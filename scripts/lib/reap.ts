/**
 * `bun scripts/lib/reap.ts COMMAND [ARGS…]`: runs COMMAND and exits with its code, having waited for the
 * processes it left behind, so a stage's CPU in scripts/test.ts counts them too (decision 089).
 *
 * A stage's CPU is what its process and the descendants it waited for used (the kernel adds a child's time to
 * its parent's when the parent waits for it). A process whose parent ends first is handed to init, and its time
 * is lost: Chromium's zygotes outlive the browser Playwright closes, and with them every page's renderer the
 * zygote waited for (half of the browser tests' CPU, uncounted); a test file's server killed and never waited
 * for, likewise. Here this process is their "subreaper" (Linux's PR_SET_CHILD_SUBREAPER): orphans of COMMAND come
 * to it, and it waits for them after COMMAND ends (for at most REAP_WAIT_MS, then leaves the rest to init).
 * Elsewhere than Linux it only runs COMMAND.
 */
import { dlopen, FFIType } from "bun:ffi";

const PR_SET_CHILD_SUBREAPER = 36;
const WNOHANG = 1;
/** How long orphans still running are waited for once COMMAND has ended (the test of this file sets a longer one). */
const REAP_WAIT_MS = Number(process.env.REAP_WAIT_MS) || 10_000;

const command = process.argv.slice(2);
if (!command.length) {
  console.error("Usage: bun scripts/lib/reap.ts COMMAND [ARGS…]");
  process.exit(2);
}

const libc =
  process.platform === "linux"
    ? dlopen("libc.so.6", {
        prctl: { args: [FFIType.i32, FFIType.u64, FFIType.u64, FFIType.u64, FFIType.u64], returns: FFIType.i32 },
        waitpid: { args: [FFIType.i32, FFIType.ptr, FFIType.i32], returns: FFIType.i32 },
      }).symbols
    : null;
const subreaper = libc?.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) === 0;

const child = Bun.spawn(command, { stdio: ["inherit", "inherit", "inherit"] });
// Ctrl-C reaches the whole process group, COMMAND too: this process stays to wait for it (a second SIGINT would
// make Playwright skip its teardown). A SIGTERM sent to this process alone is passed on.
process.on("SIGINT", () => {});
process.on("SIGTERM", () => child.kill("SIGTERM"));
const code = await child.exited;

if (libc && subreaper) {
  const status = new Int32Array(1);
  const deadline = Date.now() + REAP_WAIT_MS;
  // waitpid(-1): any child left (orphans only: COMMAND itself has been waited for); -1 once none is left.
  for (;;) {
    const pid = libc.waitpid(-1, status, WNOHANG);
    if (pid < 0) break;
    if (pid === 0) {
      if (Date.now() > deadline) break;
      await Bun.sleep(50);
    }
  }
}
process.exit(code);
