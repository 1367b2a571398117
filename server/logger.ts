/** Structured logs (pino). Keys, authorization headers, card numbers and CVVs are redacted wherever they appear. */
import pino, { type Logger } from 'pino';

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

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino({ level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, destination);
}
