/**
 * Idempotent requests as Stripe documents them: the first answer to a POST carrying an `Idempotency-Key` (status
 * and body, errors included) is saved and replayed to every retry with the same key and parameters; a key reused on
 * another endpoint or with other parameters is an `idempotency_error`; a retry arriving while the first request still
 * executes gets 409 `idempotency_key_in_use`; a request refused for its own parameters saves nothing, so its retry
 * executes. Keys belong to the account (one per fake) and are never pruned during a test.
 */
import { docUrl, errorReply, type Reply } from './errors';

const MAX_KEY_LENGTH = 255;

interface Entry {
  method: string;
  path: string;
  fingerprint: string;
  reply?: Reply;
  /** The request that executed, named in `Original-Request` on replays. */
  requestId: string;
}

export type Admission = { kind: 'execute' } | { kind: 'replay'; reply: Reply; originalRequest: string } | { kind: 'refuse'; reply: Reply };

export class IdempotencyStore {
  private readonly entries = new Map<string, Entry>();

  /** Decides what POST `key` does; an executing request holds the key until `finish` or `forget`. */
  admit(key: string, method: string, path: string, fingerprint: string, requestId: string): Admission {
    if (key.length > MAX_KEY_LENGTH) {
      return { kind: 'refuse', reply: errorReply(400, { type: 'invalid_request_error', message: `Invalid Idempotency-Key: keys can be at most ${MAX_KEY_LENGTH} characters long.` }) };
    }
    const entry = this.entries.get(key);
    if (entry === undefined) {
      this.entries.set(key, { method, path, fingerprint, requestId });
      return { kind: 'execute' };
    }
    if (entry.method !== method || entry.path !== path) {
      return {
        kind: 'refuse',
        reply: errorReply(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used for the same endpoint they were first used for ('${entry.method} ${entry.path}' vs '${method} ${path}'). Try using a key other than '${key}' if you meant to execute a different request.`,
        }),
      };
    }
    if (entry.fingerprint !== fingerprint) {
      return {
        kind: 'refuse',
        reply: errorReply(400, {
          type: 'idempotency_error',
          message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        }),
      };
    }
    if (entry.reply === undefined) {
      return {
        kind: 'refuse',
        reply: errorReply(409, {
          type: 'invalid_request_error',
          code: 'idempotency_key_in_use',
          doc_url: docUrl('idempotency_key_in_use'),
          message: `There is currently another in-progress request using this Idempotent Key (that probably means you submitted twice, and the other request is still going through): ${key}. Please try again later.`,
        }),
      };
    }
    return { kind: 'replay', reply: entry.reply, originalRequest: entry.requestId };
  }

  /** Saves the answer of the executing request under `key`. */
  finish(key: string, reply: Reply): void {
    const entry = this.entries.get(key);
    if (entry !== undefined) entry.reply = structuredClone(reply);
  }

  /** Releases `key` without saving: the request never began executing (parameters refused). */
  forget(key: string): void {
    this.entries.delete(key);
  }
}
