/**
 * The by-hand side of the providers' fakes (`npm run fake-psp`, `npm run fake-stripe`): a plain-HTTP control port on
 * loopback where a developer plays the payer and the banks, its JSON answers, and a stop on Ctrl-C that closes the
 * fake and the port together.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** A JSON answer of the control port, pretty-printed for a person reading curl's output. */
export function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(`${JSON.stringify(body, null, 2)}\n`);
}

/** The request's JSON body; `{}` when empty. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of req) text += chunk;
  return text.trim() === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
}

/**
 * Serves `control` on 127.0.0.1:`port` (a failure is a 400 with its message), prints `banner`, and on SIGINT or
 * SIGTERM closes the port and the fake (`closeFake`), then exits.
 */
export async function runControlPort(
  port: number,
  control: (req: IncomingMessage, res: ServerResponse) => Promise<void>,
  banner: string[],
  closeFake: () => Promise<void>,
): Promise<void> {
  const server = createServer((req, res) => {
    control(req, res).catch((err: unknown) => send(res, 400, { error: (err as Error).message }));
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  process.stdout.write([...banner, ''].join('\n'));
  const stop = async (): Promise<void> => {
    server.closeAllConnections();
    await Promise.all([closeFake(), new Promise<void>((done) => server.close(() => done()))]);
    process.exit(0);
  };
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
}
