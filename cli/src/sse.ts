/**
 * A reader of server-sent events (the `text/event-stream` format of the HTML standard): enough of it for the
 * sandbox's event stream, and faithful to the format's rules (any line ending, comments, `data` lines joined with
 * a newline, one optional space after the colon, a message dispatched at its blank line, none without `data`).
 */

export interface SseMessage {
  /** `event:`; `message` when the message names none. */
  event: string;
  data: string;
  /** `id:` of this message, when it had one. */
  id: string | undefined;
}

/** Feeds text in as it arrives; gives back the messages completed so far. Comments count as activity only. */
export class SseParser {
  /** Comment lines read so far (the service's keep-alives). */
  comments = 0;
  private buffer = '';
  private event = '';
  private data: string[] = [];
  private id: string | undefined;

  push(text: string): SseMessage[] {
    this.buffer += text;
    const messages: SseMessage[] = [];
    for (;;) {
      const end = this.buffer.search(/[\r\n]/);
      if (end === -1) break;
      // A CR at the very end may be the first half of CRLF: wait for the next chunk to tell.
      if (this.buffer[end] === '\r' && end === this.buffer.length - 1) break;
      const line = this.buffer.slice(0, end);
      const width = this.buffer[end] === '\r' && this.buffer[end + 1] === '\n' ? 2 : 1;
      this.buffer = this.buffer.slice(end + width);
      const message = this.line(line);
      if (message) messages.push(message);
    }
    return messages;
  }

  private line(line: string): SseMessage | undefined {
    if (line === '') return this.dispatch();
    if (line.startsWith(':')) {
      this.comments++;
      return undefined;
    }
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') this.event = value;
    else if (field === 'data') this.data.push(value);
    else if (field === 'id' && !value.includes('\0')) this.id = value;
    // `retry` and unknown fields are ignored: the CLI keeps its own reconnection delays.
    return undefined;
  }

  private dispatch(): SseMessage | undefined {
    const message = this.data.length > 0 ? { event: this.event || 'message', data: this.data.join('\n'), id: this.id } : undefined;
    this.event = '';
    this.data = [];
    this.id = undefined;
    return message;
  }
}
