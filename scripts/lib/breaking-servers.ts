/**
 * The gate's reading of the root `servers` list. A server a partner's client may be configured from (a public
 * address) must stay: removing it is breaking. A local address (`localhost`, `127.0.0.1`, `[::1]`, `*.localhost`)
 * only documents where the service and its mock run on a developer's machine: its removal is a note (`info`).
 * Addresses are compared as written, a trailing `/` aside; servers of a path or an operation are not compared.
 */
import type { Change } from './breaking-rules';
import { isObj, type Json } from './breaking-view';

const urls = (doc: Json): Map<string, string> => new Map((Array.isArray(doc.servers) ? doc.servers : [])
  .filter(isObj).map((s) => String(s.url)).map((u) => [u.replace(/\/+$/, ''), u]));

/** `http://localhost:3000` is local; a public host, a relative address or a template (`{host}`) is not. */
export function isLocal(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    return false;
  }
  return host === 'localhost' || host.endsWith('.localhost') || host === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** The servers removed from, and added to, the root `servers` list. */
export function compareServers(o: Json, n: Json): Change[] {
  const [ou, nu] = [urls(o), urls(n)];
  const changes: Change[] = [];
  for (const [key, url] of ou) {
    if (nu.has(key)) continue;
    changes.push(isLocal(url)
      ? { severity: 'info', rule: 'server-removed', location: '#/servers', message: `local server ${url} no longer listed` }
      : { severity: 'breaking', rule: 'server-removed', location: '#/servers', message: `server ${url} removed: clients configured from the document call it` });
  }
  for (const [key, url] of nu) {
    if (!ou.has(key)) changes.push({ severity: 'additive', rule: 'server-added', location: '#/servers', message: `new server ${url}` });
  }
  return changes;
}
