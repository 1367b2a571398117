/** The dashboard's short pages that say why there is nothing to show: not found, refused, failed. */
import type { Response } from 'express';
import { html } from '../pages/html';
import { dashboardPage, sendDashboard, type Viewer } from './layout';

export function messagePage(res: Response, viewer: Viewer, status: number, heading: string, text: string): void {
  sendDashboard(res, status, dashboardPage(viewer, { title: heading, body: html`<h1>${heading}</h1>\n<p>${text}</p>` }));
}
