/** For the suites in scripts/: `--name N` from the command line as a number, or the fallback. */
export const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
/** For the suites in scripts/: `--name VALUE` from the command line as text, or the fallback (also when no value follows). */
export const option = (name: string, fallback: string): string => {
  const args = process.argv.slice(2);
  const at = args.indexOf(name);
  return at >= 0 && args[at + 1] ? args[at + 1]! : fallback;
};
