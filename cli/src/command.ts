/** The shape of a CLI command: one entry of the table in main.ts. */
import type { ParseArgsConfig } from 'node:util';
import type { Context } from './context.js';

export type Flags = Record<string, string | boolean | undefined>;

export interface Command {
  /** One line for the command list of `payments --help`. */
  summary: string;
  /** The usage line, printed under a usage error. */
  usage: string;
  /** What `<command> --help` prints under the usage line: what it does, its flags. */
  help: string;
  options: NonNullable<ParseArgsConfig['options']>;
  /** Names of the positional arguments, all required (`trigger <event>`). */
  positionals: string[];
  /** Checks the flags before anything is sent; throws a UsageError. */
  check?(flags: Flags, positionals: string[]): void;
  /** Runs the command; answers the exit code. Throws a UsageError, CliFailure, or lets a bug through. */
  run(ctx: Context, flags: Flags, positionals: string[]): Promise<number>;
}
