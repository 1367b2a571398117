/**
 * A small server-sent events reader for tests: parses `id:`, `event:` and `data:` lines into messages (a blank line
 * ends one), keeps comment lines (`: keep-alive`) apart, and says when the stream ended.
 */

export interface SseMessage {
  /** The `id:` field, when the message had one. */
  id?: string;
  /** The `event:` field (`message` when absent, as EventSource says). */
  event: string;
  /** The `data:` lines, joined by a newline. */
  data: string;
}

export interface SseReader {
  /** The next message; rejects with "the stream ended" when the server closed it first. */
  next(): Promise<SseMessage>;
  /** Comment lines seen so far, without their colon. */
  comments: string[];
  /** Stops reading and drops the connection. */
  close(): void;
}

/** Reads the messages of `body`; `close` drops the connection (an AbortController's abort, say). */
export function sseReader(body: ReadableStream<Uint8Array>, close: () => void): SseReader {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  const comments: string[] = [];
  let buffer = '';
  let fields: Partial<SseMessage> & { lines: string[] } = { lines: [] };

  /** The message a complete line finishes, if it finishes one. */
  function line(text: string): SseMessage | null {
    if (text === '') {
      const done = fields.lines.length > 0 ? { ...(fields.id === undefined ? {} : { id: fields.id }), event: fields.event ?? 'message', data: fields.lines.join('\n') } : null;
      fields = { lines: [] };
      return done;
    }
    if (text.startsWith(':')) {
      comments.push(text.slice(1).trimStart());
      return null;
    }
    const colon = text.indexOf(':');
    const name = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (name === 'data') fields.lines.push(value);
    else if (name === 'event') fields.event = value;
    else if (name === 'id') fields.id = value;
    return null;
  }

  return {
    comments,
    async next() {
      for (;;) {
        const end = buffer.search(/\r\n|\n|\r/);
        // A CR at the very end may be the first half of a CRLF still in flight.
        if (end >= 0 && !(end === buffer.length - 1 && buffer[end] === '\r')) {
          const text = buffer.slice(0, end);
          buffer = buffer.slice(end + (buffer.startsWith('\r\n', end) ? 2 : 1));
          const message = line(text);
          if (message) return message;
          continue;
        }
        const chunk = await reader.read();
        if (chunk.done) throw new Error('the stream ended');
        buffer += decoder.decode(chunk.value, { stream: true });
      }
    },
    close,
  };
}

/** Opens a stream with `open` (a fetch given the signal that closes it); the response is returned as it came. */
export async function openSse(open: (signal: AbortSignal) => Promise<Response>): Promise<{ res: Response } & SseReader> {
  const abort = new AbortController();
  const res = await open(abort.signal);
  if (!res.body) throw new Error(`no body to read (status ${res.status})`);
  return { res, ...sseReader(res.body, () => abort.abort()) };
}
