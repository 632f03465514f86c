/**
 * Where the browser tests' CPU goes, test by test (`E2E_CPU_LOG=FILE npx playwright test`): each test appends one
 * JSON line to FILE with the CPU seconds its worker used meanwhile — the worker's Node process with its Chromium
 * (and every renderer, live or already ended) — and the CPU of the slot's server (decision 089). Workers run side
 * by side on servers of their own (e2e/server.ts), so a test's figures are its own. Off unless E2E_CPU_LOG is set.
 */
import { appendFileSync, readdirSync, readFileSync } from "node:fs";
import { workerDir } from "./server";

const TICKS = 100; // USER_HZ on Linux

interface Proc {
  pid: number;
  ppid: number;
  ticks: number;
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
      list.push({ pid: Number(name), ppid: Number(f[1]), ticks });
    } catch {
      // ended meanwhile
    }
  }
  return list;
}

/**
 * CPU seconds of the processes rooted at `roots` with their descendants (ended children are in their parent's),
 * leaving out the trees under `skip`.
 */
function treeSeconds(all: Proc[], roots: number[], skip: number[] = []): number {
  const children = new Map<number, Proc[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const seen = new Set<number>(skip);
  let ticks = 0;
  const walk = (pid: number) => {
    if (seen.has(pid)) return;
    seen.add(pid);
    const self = all.find((p) => p.pid === pid);
    if (self) ticks += self.ticks;
    for (const child of children.get(pid) ?? []) walk(child.pid);
  };
  for (const root of roots) walk(root);
  return ticks / TICKS;
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
    // A worker whose slot had no server started its own: counted as the server's, not the worker's.
    return { worker: treeSeconds(all, [process.pid], server), server: treeSeconds(all, server) };
  };
  const before = sample();
  const started = performance.now();
  return (title, file, status) => {
    const after = sample();
    const line = {
      file,
      title,
      status,
      wall: +((performance.now() - started) / 1000).toFixed(2),
      worker: +(after.worker - before.worker).toFixed(2),
      server: +(after.server - before.server).toFixed(2),
    };
    appendFileSync(log, `${JSON.stringify(line)}\n`);
  };
}
