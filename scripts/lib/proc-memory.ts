/** The memory a process uses, read from Linux's /proc: its own RSS and peak, and its whole process tree's RSS. */
import { readFileSync } from "node:fs";

/** VmRSS and VmHWM (peak) of a process, in MB. */
export function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0) / 1024;
  return { rss: kb("VmRSS"), peak: kb("VmHWM") };
}

/** RSS of a process plus its child processes (the per-state splits and any state import, decision 024), in MB. */
export function treeRss(pid: number): number {
  let total = 0;
  try {
    total += memory(pid).rss;
    const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8").trim().split(/\s+/).filter(Boolean);
    for (const child of children) total += treeRss(Number(child));
  } catch {
    // ended between the reads
  }
  return total;
}

/** A process's CPU time so far (user + system, ms), from /proc/PID/stat. */
export function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/**
 * The CPU time so far (user + system, ms) of a process's request thread: its main thread (`tid` = `pid`), or
 * another of its threads. Unlike the process's figure it leaves out the JIT compiler's and the allocator's
 * threads, whose share swings with a shared machine's load.
 */
export function threadCpuMs(pid: number, tid = pid): number {
  const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** One figure of /proc/PID/status in MiB (VmRSS, RssAnon, RssFile, RssShmem). */
export function statusMiB(pid: number, key: string): number {
  return Number(new RegExp(`${key}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
}
