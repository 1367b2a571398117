/**
 * The docs' shell samples run as a reader runs them: each command of a `sh` block pasted into bash, with the key the
 * reader was told to set, and every `tra_…`-style placeholder replaced by the id an earlier answer printed. Used by
 * the README walkthrough test and the docs samples test.
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { mkdtemp, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface ShellCommand {
  /** The command as written, its continuation lines and trailing comment included. */
  source: string;
  /** What bash runs: the command without its trailing comment (whose placeholders are prose, not input). */
  code: string;
  /** Its trailing comment, the answer it promises (`→ approved`), without the `#`. */
  promise: string | undefined;
  /** 1-based line of the block where it starts. */
  line: number;
}

/** The fenced ```sh blocks of a Markdown text, in order. */
export function shellBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^```(?:sh|bash|shell)\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);
}

/**
 * Splits a block into the commands bash would run: a command goes on over lines ending with `\` and over quotes left
 * open (a JSON body spread over lines); a line that is only a comment, between commands, is prose.
 */
export function shellCommands(block: string): ShellCommand[] {
  const out: ShellCommand[] = [];
  let lines: string[] = [];
  let start = 0;
  let quote: "'" | '"' | null = null;
  block.split('\n').forEach((text, i) => {
    if (lines.length === 0 && quote === null && (text.trim() === '' || text.trim().startsWith('#'))) return;
    if (lines.length === 0) start = i + 1;
    lines.push(text);
    let comment: string | undefined;
    let code = text;
    const last = lines.length - 1;
    for (let j = 0; j < text.length; j += 1) {
      const c = text[j]!;
      if (quote === "'") {
        if (c === "'") quote = null;
      } else if (quote === '"') {
        if (c === '\\') j += 1;
        else if (c === '"') quote = null;
      } else if (c === '\\') j += 1;
      else if (c === "'" || c === '"') quote = c;
      else if (c === '#' && (j === 0 || /\s/.test(text[j - 1]!))) {
        comment = text.slice(j + 1).trim();
        code = text.slice(0, j);
        break;
      }
    }
    if (quote !== null || code.trimEnd().endsWith('\\')) return;
    const source = lines.join('\n');
    lines[last] = code.trimEnd();
    out.push({ source, code: lines.join('\n'), promise: comment, line: start });
    lines = [];
  });
  if (lines.length) throw new Error(`an unfinished command (an open quote or a trailing \\) at line ${start}`);
  return out;
}

/** bash by its path: the reader's PATH given to a session may not hold it. */
const BASH = execFileSync('sh', ['-c', 'command -v bash'], { encoding: 'utf8' }).trim();
/**
 * No start-up files: a child's stdin is a socket, which bash takes for sshd's and reads ~/.bashrc, whose own errors
 * (this machine's, not the sample's) would be taken for the sample's.
 */
const BASH_FLAGS = ['--norc', '--noprofile'];
/** What a reader's machine is sure to have for the docs' commands: a stock Debian's `cat`, and curl. */
const READER_TOOLS = ['curl', 'cat'];

/**
 * A folder holding only the reader's tools, for a session's PATH: a sample that calls anything else (`uuidgen`, not
 * on a stock Debian) fails here even on a machine that has it. The caller removes the folder.
 */
export async function readerTools(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'payments-reader-'));
  for (const tool of READER_TOOLS) {
    const path = execFileSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).trim();
    await symlink(path, join(dir, tool));
  }
  return dir;
}

export interface ShellAnswer {
  /** The HTTP status of a curl command; undefined for any other command. */
  status: number | undefined;
  /** What the command printed (curl: the answer's body). */
  body: string;
  /** The body parsed as JSON, when it is JSON. */
  json: unknown;
}

/** `curl` as the reader's, quiet about progress, with the status written after the body (its last line). */
const CURL_STATUS = `curl() { command curl --silent --show-error --write-out '\\n%{http_code}' "$@"; }`;
/** An id the docs print, as placeholders name it (`tra_…`): a lower-case prefix and at least 8 letters or digits. */
const ID = /(?<![A-Za-z0-9_])([a-z]+)_([0-9A-Za-z]{8,})(?![A-Za-z0-9_])/g;
const PLACEHOLDER = /(?<![A-Za-z0-9_])([a-z]+)_…/g;
const KEY_PLACEHOLDER = 'sk_test_…';
/** The addresses the docs call the service at, `npm start`'s. */
const DOC_BASE_URLS = ['http://127.0.0.1:3000', 'http://localhost:3000'];

/**
 * A reader's terminal: commands run one after another in bash; an `export` stays for the commands after it; each
 * placeholder id is the one the latest answer holding such an id printed first.
 */
export class ShellSession {
  readonly ids = new Map<string, string>();
  private exports: string[] = [];

  /** `env` is the reader's environment (PATH and, for the samples, PAYMENTS_API_KEY); `key` replaces `sk_test_…`. */
  constructor(
    private readonly baseUrl: string,
    private readonly key: string,
    private readonly env: NodeJS.ProcessEnv = { PATH: process.env.PATH ?? '' },
  ) {}

  /** The command as the reader pastes it: their key, their service's address and the ids they were given. */
  substitute(source: string): string {
    let s = source.replaceAll(KEY_PLACEHOLDER, this.key);
    for (const url of DOC_BASE_URLS) s = s.replaceAll(url, this.baseUrl);
    return s.replace(PLACEHOLDER, (placeholder, prefix: string) => {
      const id = this.ids.get(prefix);
      if (!id) throw new Error(`${placeholder}: no earlier answer printed a ${prefix}_ id`);
      return id;
    });
  }

  /** Runs one command; never rejects for the command's own failure (a non-2xx is in `status`). */
  async run(command: ShellCommand): Promise<ShellAnswer> {
    const source = this.substitute(command.code);
    const script = [CURL_STATUS, ...this.exports, source].join('\n');
    const { stdout, stderr, code } = await bash(script, this.env);
    // Anything on stderr is an error the reader sees (curl is silent but for errors), even when the command goes on:
    // `$(uuidgen)` without uuidgen prints "command not found" and curl then sends an empty header.
    if (code !== 0 || stderr.trim() !== '') throw new Error(`line ${command.line} exited ${code}: ${stderr.trim()}\n${source}`);
    if (/^export\s/.test(source.trim())) this.exports.push(source);
    const curl = /^curl\s/.test(source.trim());
    const cut = stdout.lastIndexOf('\n');
    const body = curl ? stdout.slice(0, Math.max(cut, 0)) : stdout;
    const status = curl ? Number(stdout.slice(cut + 1)) : undefined;
    this.remember(body);
    return { status, body, json: parseJson(body) };
  }

  /** Runs a command that does not end by itself (an event stream) until its output holds `until`, then stops it. */
  async runUntil(command: ShellCommand, until: string, timeoutMs = 60_000): Promise<string> {
    const child = spawn(BASH, [...BASH_FLAGS, '-c', [...this.exports, this.substitute(command.code)].join('\n')], { env: this.env, detached: true });
    let out = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (out += String(d)));
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    const deadline = Date.now() + timeoutMs;
    try {
      while (!out.includes(until) && child.exitCode === null && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    } finally {
      // The whole group: bash and the curl it started.
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
      await exited;
    }
    return out;
  }

  private remember(body: string): void {
    const seen = new Set<string>();
    for (const [id, prefix] of body.matchAll(ID)) {
      if (seen.has(prefix!)) continue;
      seen.add(prefix!);
      this.ids.set(prefix!, id);
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function bash(script: string, env: NodeJS.ProcessEnv): Promise<{ stdout: string; stderr: string; code: number }> {
  return new Promise((ok) => {
    execFile(BASH, [...BASH_FLAGS, '-c', script], { env, maxBuffer: 16 * 1024 * 1024 }, (err, stdout, stderr) => {
      ok({ stdout, stderr, code: err ? (typeof err.code === 'number' ? err.code : 1) : 0 });
    });
  });
}
