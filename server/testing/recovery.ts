/**
 * The recovery point of idempotent writes, as tests drive it: a service whose next write fails after its work
 * committed (when a test asks), and the retry of that request under the same key, whose answer the test checks.
 */
import { expect } from 'vitest';
import type { IdempotencyFaults } from '../http/idempotent';
import type { ServiceOptions } from '../service';
import { startTestService, type Engine, type TestService } from './harness';

export type WriteMethod = 'POST' | 'PUT' | 'PATCH';

export interface RecoveryService {
  svc: TestService;
  /** One request under `key` (JSON body when given). */
  send(method: WriteMethod, path: string, json: unknown, key: string): Promise<Response>;
  /** Makes the next idempotent write fail after its work committed (a fault of the app, once). */
  failNextAfterCommit(): void;
  /** Sends the request twice under one key, the first failing after its work committed: the retry's answer. */
  failThenRetry(method: WriteMethod, path: string, json?: unknown): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function startRecoveryService(engine: Engine, env: Record<string, string> = {}, options: ServiceOptions = {}): Promise<RecoveryService> {
  const play: IdempotencyFaults = {};
  const faults: IdempotencyFaults = { afterHandler: async (op) => play.afterHandler?.(op) };
  const svc = await startTestService(engine, env, { ...options, idempotency: { lockSeconds: 1, faults } });
  let n = 0;
  const send = (method: WriteMethod, path: string, json: unknown, key: string) =>
    svc.call(path, { method, ...(json === undefined ? {} : { json }), headers: { 'X-Idempotency-Key': key } });
  const failNextAfterCommit = () => {
    play.afterHandler = async () => {
      delete play.afterHandler;
      throw new Error('broken after the commit');
    };
  };
  return {
    svc,
    send,
    failNextAfterCommit,
    async failThenRetry(method, path, json) {
      const key = `idem-recovery-${Date.now()}-${++n}`;
      failNextAfterCommit();
      expect((await send(method, path, json, key)).status).toBe(500);
      const retry = await send(method, path, json, key);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      return { status: retry.status, body: (await retry.json()) as Record<string, unknown> };
    },
    close: () => svc.close(),
  };
}
