/**
 * Dashboard passwords: argon2id (memory-hard) through @node-rs/argon2, with OWASP's minimum configuration (19 MiB,
 * 2 passes, 1 lane). The hash is a PHC string carrying its parameters and salt, so stronger parameters later still
 * verify the old hashes (and `needsRehash` says which to upgrade at the next sign-in).
 */
import { hash, verify } from '@node-rs/argon2';

// 2 is Algorithm.Argon2id (a const enum of the typings, which isolated modules cannot read).
const PARAMS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** The shortest password taken: long passphrases rather than composition rules (NIST SP 800-63B). */
export const MIN_PASSWORD_LENGTH = 10;
/** The longest: argon2 takes any length, but a megabyte "password" is a way to spend our CPU. */
export const MAX_PASSWORD_LENGTH = 256;

export function passwordProblem(password: string): 'tooShort' | 'tooLong' | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return 'tooShort';
  if (password.length > MAX_PASSWORD_LENGTH) return 'tooLong';
  return null;
}

export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFC'), PARAMS);
}

// A hash of nothing anyone knows: a sign-in for an unknown e-mail verifies against it, so it costs what a known one
// does and its answer time does not tell which addresses have an account.
let decoy: Promise<string> | undefined;

/**
 * Checks under way at most, per process: each holds 19 MiB and a thread of libuv's pool (shared with DNS, files and
 * zlib), so a flood of sign-ins is turned away instead of queued behind them.
 */
export const MAX_CHECKS_AT_ONCE = 4;
let running = 0;

/** Thrown when MAX_CHECKS_AT_ONCE checks are already under way: the caller answers "try again shortly". */
export class PasswordChecksBusy extends Error {}

/** Whether `password` is the one of `stored`; with `stored` null (no such person) after the same work, false. */
export async function checkPassword(stored: string | null, password: string): Promise<boolean> {
  if (running >= MAX_CHECKS_AT_ONCE) throw new PasswordChecksBusy('too many password checks at once');
  running++;
  try {
    return await check(stored, password);
  } finally {
    running--;
  }
}

async function check(stored: string | null, password: string): Promise<boolean> {
  if (password.length > MAX_PASSWORD_LENGTH) return false;
  if (stored === null) {
    await verify(await (decoy ??= hashPassword(`decoy ${Math.random()}`)), password.normalize('NFC')).catch(() => false);
    return false;
  }
  try {
    return await verify(stored, password.normalize('NFC'));
  } catch {
    return false;
  }
}
