/**
 * Requests as bytes on a socket, for what fetch cannot send: an absolute-form request line, a header with a NUL or a
 * bare CR, headers over the parser's limit, no Host. Reads the answer until the server closes the connection.
 */
import { connect } from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The whole answer as received. */
  raw: string;
}

/** Sends `request` (a complete HTTP/1.1 message) to `baseUrl`'s host and port; resolves once the socket closes. */
export function rawHttp(baseUrl: string, request: string | Buffer): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const socket = connect(Number(port), hostname, () => socket.write(request));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.setTimeout(10_000, () => socket.destroy(new Error('no answer in 10 s')));
    socket.on('close', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const split = raw.indexOf('\r\n\r\n');
      const head = split < 0 ? raw : raw.slice(0, split);
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body: split < 0 ? '' : raw.slice(split + 4), raw });
    });
  });
}

/** A request with `Connection: close`, a `Host` unless `host` is null, and a JSON body when given. */
export function httpMessage(
  method: string,
  target: string,
  { host = 'localhost', headers = {}, body }: { host?: string | null; headers?: Record<string, string>; body?: string } = {},
): string {
  const lines = [`${method} ${target} HTTP/1.1`];
  if (host !== null) lines.push(`Host: ${host}`);
  for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
  if (body !== undefined) lines.push('Content-Type: application/json', `Content-Length: ${Buffer.byteLength(body)}`);
  lines.push('Connection: close', '', body ?? '');
  return lines.join('\r\n');
}
