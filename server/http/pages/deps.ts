/** What the public pages need from the service. */
import type { Logger } from 'pino';
import type { Response } from 'express';
import type { Db } from '../../db/types';
import type { Engine } from '../../domain/transactions/engine';
import type { Limiters } from '../rate-limit';
import type { LiveStreams, StreamSettings } from './events';
import { pageHeaders } from './headers';
import type { MessagePage } from './messages';

export interface PagesDeps {
  db: Db;
  engine: Engine;
  logger: Logger;
  /** The key of the checkout form's CSRF token (derived from the secrets key: the same on every instance). */
  csrfKey: Buffer;
  streams: LiveStreams;
  stream: StreamSettings;
  /** Per client address: the checkout form's posts and the visits that open a session. */
  limiters: Pick<Limiters, 'checkoutPay' | 'checkoutOpen'>;
}

/** Sends a page with the public pages' headers. */
export function sendPage(res: Response, status: number, html: string): void {
  pageHeaders(res);
  res.status(status).type('text/html; charset=utf-8').send(html);
}

export function sendMessage(res: Response, m: MessagePage): void {
  sendPage(res, m.status, m.html);
}
