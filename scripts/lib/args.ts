/** For the suites in scripts/: `--name N` from the command line as a number, or the fallback. */
export const arg = (name: string, fallback: number): number => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
