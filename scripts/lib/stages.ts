/**
 * The stages of scripts/test.ts: each a child process whose wall and CPU time (with the processes it left
 * behind, ./reap.ts) is recorded, its output printed whole when it ends (or streamed), a wait for a file another
 * stage writes, and the nice levels stages run at.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";

/** Runs a command and waits for what it left behind, so their CPU counts in the stage's (./reap.ts). */
const REAP = join(import.meta.dir, "reap.ts");

export interface Stage {
  name: string;
  start: number;
  wall: number;
  cpu: number;
  code: number;
}

/** The stages of one run, timed from now; `run` starts one in `root`. */
export function stageRunner(root: string) {
  const started = performance.now();
  const since = () => (performance.now() - started) / 1000;
  const stages: Stage[] = [];

  /** Run one stage; `live` streams its output, otherwise it is printed in one piece when the stage ends. */
  async function run(
    name: string,
    cmd: string[],
    options: { env?: Record<string, string | undefined>; live?: boolean; pid?: (pid: number) => void } = {},
  ): Promise<{ code: number; output: string }> {
    const start = since();
    // Through ./reap.ts: the processes a stage leaves behind (Chromium's zygotes with every renderer's time, servers
    // a test kills without waiting) count in its CPU; without it the browser tests' figure was half of their CPU.
    const proc = Bun.spawn([process.execPath, REAP, ...cmd], {
      cwd: root,
      stdout: "pipe",
      stderr: "pipe",
      env: { ...process.env, ...options.env },
    });
    options.pid?.(proc.pid);
    let output = "";
    const pump = async (stream: ReadableStream<Uint8Array>, sink: NodeJS.WriteStream) => {
      const decoder = new TextDecoder();
      for await (const chunk of stream) {
        const text = decoder.decode(chunk, { stream: true });
        output += text;
        if (options.live) sink.write(text);
      }
    };
    await Promise.all([pump(proc.stdout, process.stdout), pump(proc.stderr, process.stderr)]);
    const code = await proc.exited;
    const usage = proc.resourceUsage();
    const stage = { name, start, wall: since() - start, cpu: usage ? Number(usage.cpuTime.total) / 1e6 : NaN, code };
    stages.push(stage);
    stages.sort((a, b) => a.start - b.start);
    if (!options.live)
      process.stdout.write(
        `\n── ${name} (${stage.wall.toFixed(1)} s) ──\n${output}${output.endsWith("\n") ? "" : "\n"}`,
      );
    return { code, output };
  }

  return { run, since, stages };
}

/** Resolves once `file` exists, or false when the process that should write it has ended without it. */
export async function written(file: string, writer: Promise<unknown>): Promise<boolean> {
  let ended = false;
  void writer.finally(() => (ended = true));
  for (;;) {
    if (existsSync(file)) return true;
    if (ended) return existsSync(file);
    await Bun.sleep(100);
  }
}

/** A command run at a lower priority (nice `level`). */
export function nice(cmd: string[], level = 5): string[] {
  return ["nice", "-n", String(level), ...cmd];
}
