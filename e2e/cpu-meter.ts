/**
 * Where the browser tests' CPU goes, test by test (`E2E_CPU_LOG=FILE npx playwright test`): each test appends one
 * JSON line to FILE with the CPU seconds its worker used meanwhile — the worker's Node process with its Chromium
 * (and every renderer, live or already ended) — and the CPU of the slot's server. Workers run side by side on
 * servers of their own (e2e/server.ts), so a test's figures are its own. Off unless E2E_CPU_LOG is set.
 */
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import { workerDir } from "./server";

const TICKS = 100; // USER_HZ on Linux

interface Proc {
  pid: number;
  ppid: number;
  ticks: number;
  /** Chromium's process type (renderer, gpu-process, utility; a zygote's ended children are its renderers), else the program. */
  kind: string;
}

function kindOf(pid: string): string {
  try {
    // Chromium rewrites its command line into one string: the type is found anywhere in it.
    const command = readFileSync(`/proc/${pid}/cmdline`, "utf8");
    const type = /--type=(\S+)/.exec(command)?.[1];
    if (type) return type === "zygote" ? "renderer" : type;
    return /chrom/.test(command.split(/[\0 ]/)[0] ?? "") ? "browser" : "node";
  } catch {
    return "ended";
  }
}

function processes(): Proc[] {
  const list: Proc[] = [];
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // Fields after the command (which may hold spaces) end with ")".
      const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // ppid is field 4; utime, stime, cutime, cstime are 14–17 (f[0] is field 3).
      const ticks = Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]);
      list.push({ pid: Number(name), ppid: Number(f[1]), ticks, kind: kindOf(name) });
    } catch {
      // ended meanwhile
    }
  }
  return list;
}

/**
 * CPU seconds of the processes rooted at `roots` with their descendants (ended children are in their parent's),
 * in all and by kind of process.
 */
function treeSeconds(all: Proc[], roots: number[]): { total: number; kinds: Record<string, number> } {
  const children = new Map<number, Proc[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const seen = new Set<number>();
  let ticks = 0;
  const kinds: Record<string, number> = {};
  const walk = (pid: number) => {
    if (seen.has(pid)) return;
    seen.add(pid);
    const self = all.find((p) => p.pid === pid);
    if (self) {
      ticks += self.ticks;
      kinds[self.kind] = (kinds[self.kind] ?? 0) + self.ticks / TICKS;
    }
    for (const child of children.get(pid) ?? []) walk(child.pid);
  };
  for (const root of roots) walk(root);
  return { total: ticks / TICKS, kinds };
}

/** The slot's server: the process whose database is in the slot's folder. */
function serverPids(slot: number): number[] {
  const database = `DATABASE_URL=file:${workerDir(slot)}/`;
  return readdirSync("/proc")
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/environ`, "utf8").includes(database);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Starts a measurement; the function returned appends the test's line to E2E_CPU_LOG. */
export function cpuMeter(slot: number): ((title: string, file: string, status: string) => void) | null {
  const log = process.env.E2E_CPU_LOG;
  if (!log) return null;
  const server = serverPids(slot);
  const sample = () => {
    const all = processes();
    return { worker: treeSeconds(all, [process.pid]), server: treeSeconds(all, server) };
  };
  const before = sample();
  const started = performance.now();
  return (title, file, status) => {
    const after = sample();
    const kinds = Object.fromEntries(
      Object.entries(after.worker.kinds).map(([kind, s]) => [kind, +(s - (before.worker.kinds[kind] ?? 0)).toFixed(2)]),
    );
    const line = {
      file,
      title,
      status,
      wall: +((performance.now() - started) / 1000).toFixed(2),
      worker: +(after.worker.total - before.worker.total).toFixed(2),
      server: +(after.server.total - before.server.total).toFixed(2),
      kinds,
    };
    appendFileSync(log, `${JSON.stringify(line)}\n`);
  };
}
