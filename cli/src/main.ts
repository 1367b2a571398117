/**
 * The CLI's command table and its runner: parses a command line (node:util parseArgs), answers `--help` and usage
 * errors without the network, runs the command, and turns every failure into one line and an exit code:
 * 0 done, 1 refused or failed (an API error, the service unreachable), 2 wrong usage.
 */
import { parseArgs } from 'node:util';
import type { Command, Flags } from './command.js';
import { CliFailure, connect, CONNECTION_HELP, CONNECTION_OPTIONS, UsageError, type CliIo } from './context.js';
import { eventsList, eventsResend } from './events.js';
import { listen } from './listen.js';
import { logsTail } from './logs.js';
import { trigger } from './trigger.js';

/** Commands by their words: `events list` is two. */
export const COMMANDS: Record<string, Command> = {
  listen,
  trigger,
  'events list': eventsList,
  'events resend': eventsResend,
  'logs tail': logsTail,
};

/** Commands of two words, by their first word, with the second words they take. */
const GROUPS: Record<string, string> = { events: 'list or resend', logs: 'tail' };

const HELP_OPTION = { help: { type: 'boolean', short: 'h' } } as const;

export function overview(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((c) => c.length));
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`);
  return `usage: payments <command> [flags]   (in this repository: npm run cli -- <command> [flags])

The Payments Service's developer CLI: forward sandbox events to a local receiver, make the objects that produce
an event, list and resend events, and watch the requests your keys make.

commands:
${lines.join('\n')}

${CONNECTION_HELP}

payments <command> --help explains a command and its flags.
`;
}

function commandHelp(command: Command): string {
  return `usage: ${command.usage}\n\n${command.help}\n\n${CONNECTION_HELP}\n`;
}

/** One line for a parseArgs error: node's own messages are long and suggest `--` tricks nobody needs here. */
function parseErrorLine(err: unknown): string {
  const e = err as { code?: string; message?: string };
  const quoted = /'([^']*)'/.exec(e.message ?? '')?.[1];
  if (e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') return `unknown flag ${quoted ?? ''}`.trimEnd();
  if (e.code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') return `unexpected argument ${quoted ?? ''}`.trimEnd();
  return String(e.message ?? err).split('\n')[0]!;
}

/** Runs one command line; answers the exit code. Never throws for a user's mistake or a failed call. */
export async function main(argv: readonly string[], io: CliIo): Promise<number> {
  const usageError = (message: string, usage: string) => {
    io.stderr(`payments: ${message}\n${usage}`);
    return 2;
  };
  const [first, second] = argv;
  if (first === undefined) return usageError('no command given', overview());
  if (first === '--help' || first === '-h' || first === 'help') {
    io.stdout(overview());
    return 0;
  }
  const group = Object.hasOwn(GROUPS, first) ? first : undefined;
  const name = group !== undefined && second !== undefined && !second.startsWith('-') ? `${group} ${second}` : first;
  const command = Object.hasOwn(COMMANDS, name) ? COMMANDS[name] : undefined;
  if (!command) {
    if (group !== undefined) {
      if (second === '--help' || second === '-h') {
        io.stdout(overview());
        return 0;
      }
      return usageError(second === undefined ? `${group} needs a subcommand: ${GROUPS[group]}` : `unknown command "${group} ${second}"`, overview());
    }
    return usageError(first.startsWith('-') ? `flags come after the command (got ${first} first)` : `unknown command "${first}"`, overview());
  }
  const usage = `usage: ${command.usage}   (payments ${name} --help)\n`;
  const args = argv.slice(name.split(' ').length);

  let flags: Flags;
  let positionals: string[];
  try {
    const parsed = parseArgs({ args: [...args], options: { ...command.options, ...CONNECTION_OPTIONS, ...HELP_OPTION }, strict: true, allowPositionals: true });
    flags = parsed.values as Flags;
    positionals = parsed.positionals;
  } catch (err) {
    return usageError(parseErrorLine(err), usage);
  }
  if (flags.help) {
    io.stdout(commandHelp(command));
    return 0;
  }
  try {
    if (positionals.length < command.positionals.length) {
      throw new UsageError(`${name} needs ${command.positionals.map((p) => `<${p}>`).join(' ')}`);
    }
    if (positionals.length > command.positionals.length) throw new UsageError(`unexpected argument ${positionals[command.positionals.length]}`);
    command.check?.(flags, positionals);
    const ctx = connect(io, flags as { 'api-key'?: string; 'base-url'?: string });
    return await command.run(ctx, flags, positionals);
  } catch (err) {
    if (err instanceof UsageError) return usageError(err.message, err.showUsage ? usage : '');
    if (err instanceof CliFailure) {
      io.stderr(`${err.message}\n`);
      return 1;
    }
    const message = err instanceof Error ? err.message : String(err);
    io.stderr(`payments: ${name} failed unexpectedly: ${message.split('\n')[0]}\n`);
    return 1;
  }
}
