/**
 * Requests that Node's HTTP parser refuses before Express sees them (headers over 16 KiB, a NUL, CR or LF in a
 * header, a broken request line, a timeout): Node's own answer is a bare status line with an empty body. Here they
 * get the error envelope and a fresh correlation id, written straight to the socket, and the connection is closed.
 */
import { createServer, STATUS_CODES, type RequestListener, type Server } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Logger } from 'pino';
import { newId } from '../ids';
import { ApiError, envelope, statusOf, type ErrorCode } from './errors';

/** The catalogue code of a parser error (`HPE_HEADER_OVERFLOW` → `headersTooLarge`). */
export function clientErrorCode(code: string | undefined): ErrorCode {
  if (code === 'HPE_HEADER_OVERFLOW') return 'headersTooLarge';
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'HPE_HEADERS_TIMEOUT') return 'requestTimeout';
  return 'malformedRequest';
}

/** The full HTTP/1.1 answer to a request the parser refused. */
export function clientErrorResponse(code: ErrorCode, correlationId: string): string {
  const error = new ApiError(code, {
    details: `See correlationId ${correlationId} in the response headers (X-Correlation-Id) when contacting support.`,
  });
  const body = JSON.stringify(envelope(error));
  return [
    `HTTP/1.1 ${statusOf(error)} ${STATUS_CODES[statusOf(error)] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `X-Correlation-Id: ${correlationId}`,
    'Connection: close',
    '',
    body,
  ].join('\r\n');
}

/** Node's socket while a response is on it (a private field, read only to avoid writing into that response). */
type HttpSocket = Duplex & { _httpMessage?: { headersSent?: boolean } | null };

/** The `clientError` listener: the envelope when the socket can still take an answer, then close it. */
export function answerClientError(logger: Logger): (err: Error & { code?: string }, socket: Duplex) => void {
  return (err, socket) => {
    const busy = (socket as HttpSocket)._httpMessage?.headersSent === true;
    if (err.code === 'ECONNRESET' || !socket.writable || busy) {
      socket.destroy();
      return;
    }
    const code = clientErrorCode(err.code);
    const correlationId = newId('corr');
    logger.warn({ correlationId, parserError: err.code, code }, 'request refused by the HTTP parser');
    socket.end(clientErrorResponse(code, correlationId));
  };
}

/**
 * The HTTP server of the API. Node's built-in `Host` check is off because it answers with an empty body; the app
 * refuses a request without `Host` itself, in the envelope (`canonicalTarget`).
 */
export function createHttpServer(app: RequestListener, logger: Logger): Server {
  const server = createServer({ requireHostHeader: false }, app);
  server.on('clientError', answerClientError(logger));
  return server;
}
