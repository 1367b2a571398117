/** The shape of an admin command, and the errors that end one with a line and an exit code instead of a stack. */
import type { ParseArgsConfig } from 'node:util';
import type { Db } from '../db/types';

/** What `parseArgs` gives a command: flags by name. */
export type Flags = Record<string, string | boolean | string[] | undefined>;

export interface AdminCommand {
  /** One line for the command list of `--help`. */
  summary: string;
  /** The usage lines of `<command> --help`, flags explained. */
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  /** Checks the flags before any database is opened; throws a UsageError. */
  check?(flags: Flags): void;
  /** Runs the command against `db`; returns what it prints on stdout. */
  run(db: Db, flags: Flags): Promise<string>;
}

/** A wrong invocation: exit 2, the message, then the command's usage. */
export class UsageError extends Error {}

/** A refused operation (unknown key id, no such merchant): exit 1, one line. */
export class RefusedError extends Error {}

/** A check that found problems: exit 1, its report on stdout (for scripts to read) and one line on stderr. */
export class FailedCheck extends Error {
  constructor(
    message: string,
    readonly report: string,
  ) {
    super(message);
  }
}

/** The string flag `name`, or a UsageError when it is missing. */
export function required(flags: Flags, name: string, command: string): string {
  const value = flags[name];
  if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`${command} needs --${name}`);
  return value;
}

/** `0`, or a whole number of seconds, minutes, hours or days (`90s`, `30m`, `24h`, `7d`), in seconds. */
export function parseDuration(raw: string): number | null {
  if (raw === '0') return 0;
  const m = /^(\d{1,6})([smhd])$/.exec(raw.trim());
  if (!m) return null;
  const unit = { s: 1, m: 60, h: 3600, d: 86_400 }[m[2] as 's' | 'm' | 'h' | 'd'];
  return Number(m[1]) * unit;
}

/** Rows under a header, each column as wide as its widest cell. */
export function textTable(head: readonly string[], rows: readonly string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  return [head, ...rows].map((r) => r.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd()).join('\n') + '\n';
}
