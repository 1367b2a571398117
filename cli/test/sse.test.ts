/** The CLI's reader of server-sent events: the format's rules, whatever the chunks' boundaries. */
import { describe, expect, it } from 'vitest';
import { SseParser } from '../src/sse';

const STREAM =
  'event: ready\ndata: {"secret":"whsec_x"}\n\n' +
  ': keep-alive\n\n' +
  'id: wbh_1\r\nevent: delivery\r\ndata: {"id":"wbh_1"}\r\n\r\n' +
  'id: wbh_2\revent: delivery\rdata:{"id":"wbh_2"}\r\r' +
  'data: line one\ndata: line two\n\n';

const EXPECTED = [
  { event: 'ready', data: '{"secret":"whsec_x"}', id: undefined },
  { event: 'delivery', data: '{"id":"wbh_1"}', id: 'wbh_1' },
  { event: 'delivery', data: '{"id":"wbh_2"}', id: 'wbh_2' },
  { event: 'message', data: 'line one\nline two', id: undefined },
];

describe('SseParser', () => {
  it('reads ready, deliveries, comments and multi-line data with LF, CRLF and CR line endings', () => {
    const parser = new SseParser();
    expect(parser.push(STREAM)).toEqual(EXPECTED);
    expect(parser.comments).toBe(1);
  });

  it('gives the same messages whatever the chunks, a CRLF split between two included', () => {
    for (const size of [1, 2, 3, 7, 16]) {
      const parser = new SseParser();
      const messages = [];
      for (let i = 0; i < STREAM.length; i += size) messages.push(...parser.push(STREAM.slice(i, i + size)));
      expect(messages, `chunks of ${size}`).toEqual(EXPECTED);
    }
  });

  it('dispatches nothing without data, nor before the blank line that ends a message', () => {
    const parser = new SseParser();
    expect(parser.push('event: delivery\nid: wbh_3\n\n')).toEqual([]);
    expect(parser.push('event: delivery\ndata: {}\n')).toEqual([]);
    expect(parser.push('\n')).toEqual([{ event: 'delivery', data: '{}', id: undefined }]);
  });
});
