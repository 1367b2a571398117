/** The dashboard's short pages that say why there is nothing to show: not found, refused, failed. */
import type { Response } from 'express';
import { html, type Html } from '../pages/html';
import { dashboardPage, sendDashboard, type Viewer } from './layout';

/** Who sees a page no session is known for (an error before or outside one): Portuguese, no forms. */
export const NOBODY: Viewer = { session: null, locale: 'pt-BR', csrf: '', path: '/dashboard' };

export function messagePage(res: Response, viewer: Viewer, status: number, heading: string, text: string | Html | null): void {
  sendDashboard(res, status, dashboardPage(viewer, { title: heading, body: html`<h1>${heading}</h1>${text !== null && html`\n<p>${text}</p>`}` }));
}
