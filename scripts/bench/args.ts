// Command-line options and progress lines shared by the benchmark scripts.

/** The value after `--name`, or `fallback`. */
export function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 && process.argv[i + 1] ? process.argv[i + 1] : fallback;
}

/** A progress line on stderr (stdout carries the result). */
export const log = (m: string) => console.error(`» ${m}`);
