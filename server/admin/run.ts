/**
 * The admin command table and its one runner. The same `runAdmin` runs in the admin process (on PostgreSQL, or on
 * an embedded data folder no service holds) and inside a running service, which receives the command line over
 * its data folder's socket: a command behaves the same wherever it runs.
 *
 * A new command is one entry of COMMANDS: { summary, usage, options (node:util parseArgs), run(db, flags) }.
 */
import { parseArgs } from 'node:util';
import type { Db } from '../db/types';
import { KeyError } from '../domain/access/keys';
import { FailedCheck, RefusedError, UsageError, type AdminCommand, type Flags } from './command';
import { feeCommands } from './fees';
import { jobCommands } from './jobs';
import { keyCommands } from './keys';
import { ledgerCommands } from './ledger';
import { operationCommands } from './operations';
import { routeCommands } from './routes';
import { subAccountCommands } from './sub-accounts';
import { userCommands } from './users';

export const COMMANDS: Record<string, AdminCommand> = { ...keyCommands, ...feeCommands, ...jobCommands, ...ledgerCommands, ...operationCommands, ...subAccountCommands, ...routeCommands, ...userCommands };

/** What a command printed and how it ended: 0 done, 1 refused (unknown id, no such merchant), 2 wrong usage. */
export interface AdminResult {
  code: number;
  stdout: string;
  stderr: string;
}

const HELP = { help: { type: 'boolean', short: 'h', default: false } } as const;

/** The usage of the whole command. */
export function overview(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `usage: npm run admin -- <command> [flags]   (<command> --help for its flags)\ncommands:\n${lines.join('\n')}\n`;
}

function usage(_name: string, command: AdminCommand): string {
  return `usage: npm run admin -- ${command.usage}\n`;
}

/** One line for a parseArgs error: node's own messages are long and suggest `--` tricks nobody needs here. */
function parseErrorLine(err: unknown, name: string): string {
  const e = err as { code?: string; message?: string };
  const flag = /'(-[^']*)'/.exec(e.message ?? '')?.[1];
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `${name}: unknown flag ${flag ?? ''}`.trimEnd();
  if (e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `${name}: unexpected argument ${/'([^']*)'/.exec(e.message ?? '')?.[1] ?? ''}`.trimEnd();
  if (e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') return `${name}: ${(e.message ?? '').split('\n')[0]}`;
  return `${name}: ${String(e.message).split('\n')[0]}`;
}

export type Parsed = { kind: 'done'; result: AdminResult } | { kind: 'run'; name: string; command: AdminCommand; flags: Flags };

/** Parses a command line: help and usage errors are answered here, without a database. */
export function parseAdmin(argv: readonly string[]): Parsed {
  // A command of two words (`routes add`) is named by both.
  const pair = argv.length >= 2 ? `${argv[0]} ${argv[1]}` : '';
  const [name, ...rest] = Object.hasOwn(COMMANDS, pair) ? [pair, ...argv.slice(2)] : argv;
  const done = (code: number, stdout: string, stderr = ''): Parsed => ({ kind: 'done', result: { code, stdout, stderr } });
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') return done(name === undefined ? 2 : 0, name === undefined ? '' : overview(), name === undefined ? overview() : '');
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) return done(2, '', `admin: unknown command "${name}"\n${overview()}`);
  let flags: Flags;
  try {
    flags = parseArgs({ args: [...rest], options: { ...command.options, ...HELP }, strict: true, allowPositionals: false }).values as Flags;
  } catch (err) {
    return done(2, '', `admin: ${parseErrorLine(err, name)}\n${usage(name, command)}`);
  }
  if (flags.help) return done(0, usage(name, command));
  try {
    command.check?.(flags);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    return done(2, '', `admin: ${err.message}\n${usage(name, command)}`);
  }
  return { kind: 'run', name, command, flags };
}

/** Runs a parsed command against `db`; every failure is one line on stderr and an exit code, never a stack. */
export async function execute(parsed: Extract<Parsed, { kind: 'run' }>, db: Db): Promise<AdminResult> {
  const { name, command, flags } = parsed;
  try {
    return { code: 0, stdout: await command.run(db, flags), stderr: '' };
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (err instanceof UsageError || err instanceof RangeError) return { code: 2, stdout: '', stderr: `admin: ${message}\n${usage(name, command)}` };
    if (err instanceof FailedCheck) return { code: 1, stdout: err.report, stderr: `admin: ${message}\n` };
    if (err instanceof RefusedError || err instanceof KeyError) return { code: 1, stdout: '', stderr: `admin: ${message}\n` };
    return { code: 1, stdout: '', stderr: `admin: ${name} failed: ${message}\n` };
  }
}

/** Parses and runs a command line against `db` (the service's side of the admin socket). */
export async function runAdmin(argv: readonly string[], db: Db): Promise<AdminResult> {
  const parsed = parseAdmin(argv);
  return parsed.kind === 'done' ? parsed.result : execute(parsed, db);
}
