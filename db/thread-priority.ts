/**
 * Background work at a low scheduling priority: the calling thread's nice value is raised (Linux keeps one per
 * thread, and a thread it starts inherits it), so on a small machine the thread that answers requests gets the
 * cores first while an import or a split runs beside it (docs/decisions/075-a-first-import-on-both-cores.md).
 * Through libc's `setpriority` (bun:ffi); where that is not available (another system, no libc) the thread keeps
 * its priority and nothing else changes.
 */
const NICE = 10;

/** Raise the calling thread's nice value by `by` (default 10, at most to 19); whether it was done. */
export function lowerThreadPriority(by = NICE): boolean {
  if (process.platform !== "linux") return false;
  try {
    const { dlopen, FFIType } = require("bun:ffi") as typeof import("bun:ffi");
    const libc = dlopen("libc.so.6", {
      getpriority: { args: [FFIType.i32, FFIType.u32], returns: FFIType.i32 },
      setpriority: { args: [FFIType.i32, FFIType.u32, FFIType.i32], returns: FFIType.i32 },
    });
    // PRIO_PROCESS with id 0: on Linux, the calling thread alone. Relative to its nice value now, so a server
    // started under `nice` keeps its imports below it.
    const now = libc.symbols.getpriority(0, 0);
    const done = libc.symbols.setpriority(0, 0, Math.min(19, now + by)) === 0;
    libc.close();
    return done;
  } catch {
    return false;
  }
}
