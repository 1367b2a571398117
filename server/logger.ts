/** Structured logs (pino). Keys, authorization headers, card numbers and CVVs are redacted wherever they appear. */
import pino, { type Logger } from 'pino';
import pretty from 'pino-pretty';
import type { LogFormat } from './config';

export const REDACT_PATHS = [
  'req.headers.servicekey',
  'req.headers.authorization',
  'req.headers["x-idempotency-key"]',
  '*.card.number',
  '*.card.cvv',
  '*.*.card.number',
  '*.*.card.cvv',
  'card.number',
  'card.cvv',
  'secret',
  '*.secret',
];

/**
 * The service's logger: JSON lines (one per request) for log collectors, or `pretty` for a person at a terminal
 * (same records, same redaction, formatted by pino-pretty in this process: no worker thread to lose lines in).
 */
export function createLogger(level: string, destination?: pino.DestinationStream, format: LogFormat = 'json'): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  if (format === 'pretty' && !destination) {
    return pino(options, pretty({ colorize: Boolean(process.stdout.isTTY), translateTime: 'SYS:HH:MM:ss.l', ignore: 'pid,hostname', sync: true }));
  }
  return pino(options, destination);
}
