/**
 * The URL of a Worker's file. Run from source it is `relative` to the module that starts it; in the compiled
 * binary (scripts/compile.ts lists every Worker file as an extra entry point) that module is part of the
 * executable's main file at the root of its embedded file system ($bunfs/root/localscope, or B:/~BUN/root/ on
 * Windows), and the Worker's file keeps its path from the repository root (`fromRoot`).
 */
export function workerUrl(startedFrom: string, relative: string, fromRoot: string): string {
  const compiled = /[/\\](\$bunfs|~BUN)[/\\]/.test(startedFrom);
  return new URL(compiled ? `./${fromRoot}` : relative, startedFrom).href;
}
