/**
 * Dashboard test support: people with a role at a merchant, and a browser-less client that signs in as a person
 * does (the sign-in form's token, cookies kept), reads pages, and sends their forms with the tokens they carry.
 */
import type { Db } from '../db/types';
import { createUser } from '../domain/team/users';
import { randomBase62 } from '../ids';

export interface Person {
  id: string;
  email: string;
  password: string;
}

/** A person with `role` at `merchantId` and a password of their own. */
export async function personOf(db: Db, merchantId: string, role: string): Promise<Person> {
  const email = `${role}.${randomBase62(6).toLowerCase()}@example.com`;
  const password = `pw ${randomBase62(16)}`;
  const { id } = await createUser(db, { email, password, merchantId, role });
  return { id, email, password };
}

/** The value of the hidden field `name` of the page's first form that has one. */
export function field(page: string, name: string): string {
  const m = new RegExp(`name="${name}" value="([^"]*)"`).exec(page);
  if (!m) throw new Error(`no field ${name} in the page`);
  return m[1]!;
}

export interface DashboardClient {
  /** Every cookie the service set, by name (a cleared one is gone). */
  cookies: Map<string, string>;
  /** The Set-Cookie lines of the last answer. */
  lastSetCookie: string[];
  get(path: string, headers?: Record<string, string>): Promise<{ status: number; text: string; location: string | null; headers: Headers }>;
  post(path: string, form: Record<string, string> | URLSearchParams, headers?: Record<string, string>): Promise<{ status: number; text: string; location: string | null; headers: Headers }>;
  signIn(email: string, password: string): Promise<{ status: number; text: string; location: string | null }>;
}

export function dashboardClient(baseUrl: string): DashboardClient {
  const cookies = new Map<string, string>();
  const client: DashboardClient = {
    cookies,
    lastSetCookie: [],
    async get(path, headers = {}) {
      return send(path, { method: 'GET', headers });
    },
    async post(path, form, headers = {}) {
      return send(path, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers }, body: new URLSearchParams(form).toString() });
    },
    async signIn(email, password) {
      const page = await client.get('/dashboard/login');
      return client.post('/dashboard/login', { csrf: field(page.text, 'csrf'), email, password, next: '/dashboard' });
    },
  };
  async function send(path: string, init: { method: string; headers: Record<string, string>; body?: string }) {
    const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${baseUrl}${path}`, { ...init, headers: { ...init.headers, ...(cookie ? { cookie } : {}) }, redirect: 'manual' });
    client.lastSetCookie = res.headers.getSetCookie();
    for (const line of client.lastSetCookie) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /Max-Age=0/i.test(line)) cookies.delete(name);
      else cookies.set(name, value);
    }
    return { status: res.status, text: await res.text(), location: res.headers.get('location'), headers: res.headers };
  }
  return client;
}

/** A client signed in as a new person with `role` at the merchant (the service's own by default); throws if refused. */
export async function signedInAs(svc: { db: Db; url: string; merchant: { merchantId: string } }, role: string, merchantId = svc.merchant.merchantId): Promise<DashboardClient> {
  const p = await personOf(svc.db, merchantId, role);
  const c = dashboardClient(svc.url);
  const res = await c.signIn(p.email, p.password);
  if (res.status !== 303) throw new Error(`signing in as ${role} answered ${res.status}, not 303`);
  return c;
}
