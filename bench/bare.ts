/**
 * The yardstick: a bare Express 5 server answering every GET with the exact bytes given (the service's answer to
 * the transaction read, captured by the benchmark at run time). Usage: bare.ts <body file> <port>.
 */
import { readFileSync } from 'node:fs';
import express from 'express';

const [file, port] = process.argv.slice(2);
if (!file || !port) {
  process.stderr.write('usage: bare.ts <body file> <port>\n');
  process.exit(2);
}
const body = readFileSync(file);
const app = express();
app.get('/{*path}', (_req, res) => {
  res.type('application/json').send(body);
});
const server = app.listen(Number(port), '127.0.0.1');
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.close(() => process.exit(0)));
