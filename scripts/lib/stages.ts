/**
 * The stages of scripts/test.ts: each a child process whose wall and CPU time is recorded, its output printed
 * whole when it ends (or streamed), a wait for a file another stage writes, and the nice levels stages run at.
 */
import { existsSync } from "node:fs";

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
    const proc = Bun.spawn(cmd, { cwd: root, stdout: "pipe", stderr: "pipe", env: { ...process.env, ...options.env } });
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
