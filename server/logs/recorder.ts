/**
 * The request log's writer. A request's entry is only pushed into memory when its answer is finished; a timer writes
 * what was pushed in one INSERT every `flushMs`, after the answers, so recording adds no round trip to any request.
 * Memory is bounded: past `maxBuffered` waiting entries new ones are dropped and counted (a database falling behind
 * must not slow requests down or grow the process). Entries past the retention are purged at most every `purgeMs`.
 * A batch refused for one bad row is written again row by row, so that only that row is lost, not the other
 * merchants' entries of the batch. The purge and the dropped-entries warning run between batches: under constant
 * traffic the backlog never empties, and they must not wait for it to.
 */
import type { Logger } from 'pino';
import { isDataError } from '../db/errors';
import type { Db } from '../db/types';
import { insertLogs, purgeLogs, type LogEntry } from './repo';

export interface RecorderSettings {
  /** How long an entry may wait before the batch it is in is written. */
  flushMs: number;
  /** Entries of one INSERT at most (a bigger backlog is written in several). */
  maxBatch: number;
  /** Entries waiting at most; more are dropped. */
  maxBuffered: number;
  /** How often the entries past the retention are purged. */
  purgeMs: number;
}

export const RECORDER_DEFAULTS: RecorderSettings = { flushMs: 250, maxBatch: 500, maxBuffered: 10_000, purgeMs: 3_600_000 };

/** The longest a closing recorder waits for the answers under way. */
const MAX_SETTLE_MS = 1_000;

/** Rows one purge deletes at most: a long-stopped service catches up over several purges, none of them long. */
const PURGE_ROWS = 10_000;

export class RequestRecorder {
  readonly settings: RecorderSettings;
  private buffer: LogEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();
  private dropped = 0;
  private lastPurge = 0;
  private closed = false;
  /** Answers begun and not yet ended (`begin`), and who waits for there to be none. */
  private answering = 0;
  private answered: (() => void)[] = [];

  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
    settings: Partial<RecorderSettings> = {},
  ) {
    this.settings = { ...RECORDER_DEFAULTS, ...settings };
  }

  /** Takes one entry to write with the next batch; never waits, never throws. */
  add(entry: LogEntry): void {
    if (this.closed) return;
    if (this.buffer.length >= this.settings.maxBuffered) {
      this.dropped++;
      return;
    }
    this.buffer.push(entry);
    this.timer ??= setTimeout(() => void this.flush(), this.settings.flushMs);
  }

  /**
   * Counts an answer under way until the function it returns is called, with the answer's entry or null for none: a
   * closing recorder waits for the answers under way (see `close`).
   */
  begin(): (entry: LogEntry | null) => void {
    this.answering++;
    let ended = false;
    return (entry) => {
      if (ended) return;
      ended = true;
      this.answering--;
      if (entry) this.add(entry);
      if (this.answering === 0) for (const w of this.answered.splice(0)) w();
    };
  }

  /** Entries waiting to be written (tests). */
  get pending(): number {
    return this.buffer.length;
  }

  /** Writes every entry waiting now (in batches of `maxBatch`), after any write under way; never throws. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.writing = this.writing.then(() => this.write());
    return this.writing;
  }

  /**
   * Writes what is waiting and takes no more (the service is stopping, its HTTP server closed). An answer whose
   * connection was destroyed reports its end only after the server reports itself closed (a connection's `close` comes
   * last): the answers under way are waited for, at most one flush interval (and a second), so that shutdown records
   * what ended during it without waiting longer than a flush would.
   */
  async close(): Promise<void> {
    if (this.answering > 0) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        new Promise<void>((resolve) => this.answered.push(resolve)),
        new Promise<void>((resolve) => (timer = setTimeout(resolve, Math.min(this.settings.flushMs, MAX_SETTLE_MS)))),
      ]);
      clearTimeout(timer);
    }
    this.closed = true;
    await this.flush();
  }

  private async write(): Promise<void> {
    while (this.buffer.length > 0) {
      await this.insert(this.buffer.splice(0, this.settings.maxBatch));
      await this.housekeeping();
    }
    await this.housekeeping();
  }

  /** Writes one batch; on a row the database refuses, the rows one by one. */
  private async insert(batch: LogEntry[]): Promise<void> {
    try {
      await insertLogs(this.db, batch);
      return;
    } catch (err) {
      // Retrying would pile up behind a database that is failing; the log is an aid, not a record of money.
      if (batch.length === 1 || !isDataError(err)) return this.lost(err, batch.length);
    }
    for (const [i, entry] of batch.entries()) {
      try {
        await insertLogs(this.db, [entry]);
      } catch (err) {
        if (!isDataError(err)) return this.lost(err, batch.length - i);
        this.lost(err, 1, entry.id);
      }
    }
  }

  private lost(err: unknown, entries: number, id?: string): void {
    this.logger.warn({ err, entries, ...(id ? { id } : {}) }, `request log: ${entries} entries could not be written and are lost`);
  }

  private async housekeeping(): Promise<void> {
    if (this.dropped > 0) {
      this.logger.warn({ dropped: this.dropped }, `request log: ${this.dropped} entries dropped, more than ${this.settings.maxBuffered} were waiting`);
      this.dropped = 0;
    }
    await this.purge();
  }

  private async purge(): Promise<void> {
    const now = Date.now();
    if (now - this.lastPurge < this.settings.purgeMs) return;
    this.lastPurge = now;
    try {
      await purgeLogs(this.db, PURGE_ROWS);
    } catch (err) {
      this.logger.warn({ err }, 'request log: purging old entries failed; the next purge tries again');
    }
  }
}
