/** The CLI run in this process, as the tests drive it: its output kept, stopped by aborting its signal. */
import { main } from '../src/main';

type Options = Parameters<typeof main>[1];

export interface Run {
  done: Promise<number>;
  stdout: () => string;
  stderr: () => string;
  stop: () => void;
}

/** Runs `payments <argv>` with `env` (and any other options of `main`), keeping what it prints. */
export function runCli(argv: string[], env: Record<string, string>, options: Omit<Options, 'stdout' | 'stderr' | 'env' | 'signal'> = {}): Run {
  let stdout = '';
  let stderr = '';
  const controller = new AbortController();
  const done = main(argv, { ...options, stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env, signal: controller.signal });
  return { done, stdout: () => stdout, stderr: () => stderr, stop: () => controller.abort() };
}
