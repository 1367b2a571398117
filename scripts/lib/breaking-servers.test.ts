import { describe, expect, it } from 'vitest';
import { compareServers, isLocal } from './breaking-servers';

const doc = (...urls: string[]) => ({ servers: urls.map((url) => ({ url, description: 'somewhere' })) });
const LOCAL = 'http://localhost:4010';
const PUBLIC = 'https://api.example.com/';

describe('the gate reading servers', () => {
  it('finds a public server removed breaking, naming it', () => {
    expect(compareServers(doc(PUBLIC, LOCAL), doc(LOCAL))).toEqual([{ severity: 'breaking', rule: 'server-removed',
      location: '#/servers', message: 'server https://api.example.com/ removed: clients configured from the document call it' }]);
  });

  it('notes a local server no longer listed, and a new server as additive', () => {
    expect(compareServers(doc(LOCAL), doc('https://sandbox.example.com'))).toEqual([
      { severity: 'info', rule: 'server-removed', location: '#/servers', message: 'local server http://localhost:4010 no longer listed' },
      { severity: 'additive', rule: 'server-added', location: '#/servers', message: 'new server https://sandbox.example.com' },
    ]);
  });

  it('finds nothing for a trailing slash, a reordering or a new description', () => {
    expect(compareServers(doc(PUBLIC, LOCAL), { servers: [{ url: LOCAL }, { url: 'https://api.example.com' }] })).toEqual([]);
  });

  it.each([
    ['http://localhost:3000', true], ['http://127.0.0.1:3000', true], ['http://[::1]:3000', true], ['http://api.localhost', true],
    ['https://api.example.com', false], ['/v1', false], ['{scheme}://{host}', false], ['http://localhost.example.com', false],
  ])('%s is local: %s', (url, local) => {
    expect(isLocal(url)).toBe(local);
  });
});
