/** For the side-by-side benchmarks: this checkout's server and, optionally, another checkout's ("before"), each on its own copy of one database. */
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { freePort, startServer } from "./server";

export type Side = Awaited<ReturnType<typeof startServer>> & { name: "before" | "after" };

/** Starts "before" (when `before` names a checkout) then "after" in `dir`; stop them with `stopSides`. */
export async function startSides(options: {
  from: string;
  dir: string;
  before: string;
  env: Record<string, string>;
}): Promise<Side[]> {
  const sides: Side[] = [];
  const wanted = options.before
    ? ([
        ["before", options.before],
        ["after", undefined],
      ] as const)
    : ([["after", undefined]] as const);
  try {
    for (const [name, tree] of wanted) {
      const databaseFile = join(options.dir, `${name}.db`);
      copyFileSync(options.from, databaseFile);
      sides.push({ name, ...(await startServer({ port: await freePort(), databaseFile, env: options.env, tree })) });
    }
  } catch (error) {
    await stopSides(sides);
    throw error;
  }
  return sides;
}

export async function stopSides(sides: Side[]) {
  for (const side of sides) {
    side.proc.kill();
    await side.proc.exited;
  }
}
