/**
 * The breaking-change gate's checker: compares the released contract with the current one (both bundled OpenAPI 3.1
 * documents, `$ref`s local) and lists every difference partners could notice, each `breaking` or `additive`.
 * Descriptions, examples and summaries never count. Pure: scripts/check-breaking.ts is its command line.
 */
import { change, type Change, type Direction, type DocumentRule, type Rule, type Severity } from './breaking-rules';
import { SchemaComparer } from './breaking-schema';
import { deref, escapePointer as esc, isObj, type Json } from './breaking-view';
import { compareServers } from './breaking-servers';

export type { Change, Rule, Severity } from './breaking-rules';

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'] as const;
const obj = (v: unknown): Json => (isObj(v) ? v : {});
/** Media types and header names match whatever their case: each entry by its lower-case name, with the name as written. */
const byLowerCase = (m: Json): Map<string, { k: string; v: unknown }> =>
  new Map(Object.entries(m).map(([k, v]) => [k.toLowerCase(), { k, v }]));

/** Every difference between `released` and `current`: breaking ones, additive ones and notes (`info`). */
export function findChanges(released: unknown, current: unknown): Change[] {
  if (!isObj(released) || !isObj(current)) throw new Error('an OpenAPI document must be a JSON object');
  return new Checker(released, current).run();
}

export interface GateResult {
  breaking: Change[];
  additive: Change[];
  /** Differences shown but never failing: a local server address no longer listed. */
  info: Change[];
  releasedVersion: string;
  currentVersion: string;
  /** The current `info.version` has a greater major than the released one: breaking changes are allowed. */
  newMajor: boolean;
  passed: boolean;
}

/** The gate: it passes when nothing breaks, or when the current document is a new major version. */
export function gate(released: unknown, current: unknown): GateResult {
  const changes = findChanges(released, current);
  const releasedVersion = versionOf(released);
  const currentVersion = versionOf(current);
  const newMajor = majorOf(currentVersion) > majorOf(releasedVersion);
  const only = (severity: Severity) => changes.filter((c) => c.severity === severity);
  const breaking = only('breaking');
  return { breaking, additive: only('additive'), info: only('info'), releasedVersion, currentVersion, newMajor,
    passed: breaking.length === 0 || newMajor };
}

/** The document's `info.version`, `''` when it has none. */
export const versionOf = (doc: unknown): string => String(obj(obj(doc).info).version ?? '');

export function majorOf(version: string): number {
  const m = /^v?(\d+)/.exec(version);
  if (!m) throw new Error(`info.version "${version}" does not start with a major version number`);
  return Number(m[1]);
}

const LABELS: Partial<Record<Rule, string>> = {
  'operation-added': 'new operation', 'webhook-added': 'new event type', 'response-added': 'new response',
  'media-type-added': 'new media type', 'header-added': 'new response header', 'parameter-added': 'new optional parameter',
  'field-added': 'new response field', 'field-added-optional': 'new optional request field',
  'enum-value-added': 'new enum value', 'alternative-added': 'new accepted alternative', 'variant-added': 'new variant',
  'bound-looser': 'looser request limit', 'rule-removed': 'removed request rule', 'rule-added': 'new response rule',
  'server-added': 'new server',
};

/** `1 new operation, 3 new response fields`: the additive changes counted by kind. */
export function summarize(additive: Change[]): string {
  const counts = new Map<string, number>();
  for (const c of additive) {
    const label = LABELS[c.rule] ?? c.rule;
    counts.set(label, (counts.get(label) ?? 0) + 1);
  }
  return [...counts].map(([label, n]) => `${n} ${label}${n > 1 ? 's' : ''}`).join(', ');
}

interface Param { node: Json; name: string; in: string }

class Checker {
  private readonly changes: Change[] = [];
  private readonly schemas: SchemaComparer;
  private readonly seen = new Set<string>();

  constructor(private readonly o: Json, private readonly n: Json) {
    this.schemas = new SchemaComparer(o, n, (c) => this.changes.push(c));
  }

  run(): Change[] {
    this.paths();
    this.webhooks();
    this.securitySchemes();
    this.changes.push(...compareServers(this.o, this.n));
    const keys = new Set<string>();
    return this.changes.filter((c) => {
      const key = `${c.severity} ${c.location} ${c.message}`;
      return keys.has(key) ? false : (keys.add(key), true);
    });
  }

  private add(severity: Severity, rule: DocumentRule, location: string, message: string, usedBy?: string): void {
    this.changes.push(change(severity, rule, location, message, usedBy));
  }

  /**
   * Runs `compare` on two objects that may be `$ref`s to components: a component is compared once, its location
   * being the component itself, and its changes name the first operation found using it.
   */
  private once(o: unknown, n: unknown, location: string, compare: (o: Json, n: Json, loc: string) => void): void {
    if (isObj(o) && isObj(n) && typeof o.$ref === 'string' && typeof n.$ref === 'string') {
      const key = `${o.$ref} ${n.$ref}`;
      if (this.seen.has(key)) return;
      this.seen.add(key);
      compare(deref(this.o, o), deref(this.n, n), n.$ref);
    } else compare(deref(this.o, o), deref(this.n, n), location);
  }

  private paths(): void {
    const index = (doc: Json) => new Map(Object.entries(obj(doc.paths))
      .map(([path, item]) => [path.replace(/\{[^}]*\}/g, '{}'), { path, item: deref(doc, item) }] as const));
    const op = index(this.o);
    const np = index(this.n);
    for (const [key, old] of op) {
      const cur = np.get(key);
      for (const m of METHODS) {
        const oo = old.item[m];
        if (!isObj(oo)) continue;
        const where = `${m.toUpperCase()} ${cur?.path ?? old.path}`;
        const no = cur?.item[m];
        if (!cur || !isObj(no)) {
          this.add('breaking', 'operation-removed', where, `operation removed${oo.operationId ? ` (${String(oo.operationId)})` : ''}`);
        } else this.operation(oo, no, old, cur, where, 'api');
      }
    }
    for (const [key, cur] of np) {
      for (const m of METHODS) {
        if (isObj(cur.item[m]) && !isObj(op.get(key)?.item[m])) this.add('additive', 'operation-added', `${m.toUpperCase()} ${cur.path}`, 'new operation');
      }
    }
  }

  private webhooks(): void {
    const ow = obj(this.o.webhooks);
    const nw = obj(this.n.webhooks);
    for (const [name, item] of Object.entries(ow)) {
      const oItem = deref(this.o, item);
      const nItem = name in nw ? deref(this.n, nw[name]) : undefined;
      for (const m of METHODS) {
        if (!isObj(oItem[m])) continue;
        const where = `webhook ${name}${m === 'post' ? '' : ` ${m.toUpperCase()}`}`;
        if (!nItem || !isObj(nItem[m])) this.add('breaking', 'webhook-removed', where, 'event no longer sent');
        else this.operation(oItem[m], nItem[m], { path: '', item: oItem }, { path: '', item: nItem }, where, 'webhook');
      }
    }
    for (const name of Object.keys(nw)) if (!(name in ow)) this.add('additive', 'webhook-added', `webhook ${name}`, 'new event type');
  }

  /** An API operation is read as the service receiving a request; a webhook as the partner receiving one. */
  private operation(oo: Json, no: Json, oItem: { path: string; item: Json }, nItem: { path: string; item: Json },
    where: string, kind: 'api' | 'webhook'): void {
    const dir: Direction = kind === 'api' ? 'request' : 'response';
    this.parameters(this.params(this.o, oItem, oo), this.params(this.n, nItem, no), where, dir);
    this.requestBody(oo.requestBody, no.requestBody, where, dir);
    if (kind === 'api') {
      this.responses(obj(oo.responses), obj(no.responses), where);
      this.security(oo, no, where);
    }
  }

  private params(doc: Json, at: { path: string; item: Json }, op: Json): Map<string, Param> {
    const slots = [...at.path.matchAll(/\{([^}]*)\}/g)].map((m) => m[1]);
    const out = new Map<string, Param>();
    for (const raw of [...(Array.isArray(at.item.parameters) ? at.item.parameters : []),
      ...(Array.isArray(op.parameters) ? op.parameters : [])]) {
      const p = deref(doc, raw);
      const where = String(p.in);
      const name = String(p.name);
      // A path parameter is its place in the template: renaming `{id}` changes nothing on the wire.
      const key = where === 'path' ? `path#${slots.indexOf(name)}` : `${where}:${where === 'header' ? name.toLowerCase() : name}`;
      out.set(key, { node: isObj(raw) ? raw : {}, name, in: where });
    }
    return out;
  }

  private parameters(om: Map<string, Param>, nm: Map<string, Param>, where: string, dir: Direction): void {
    const req = dir === 'request';
    for (const [key, op] of om) {
      const np = nm.get(key);
      const loc = `${where} #/parameters/${op.in}/${op.name}`;
      if (!np) {
        this.add('breaking', 'parameter-removed', loc, req ? `parameter ${op.in} "${op.name}" is no longer accepted` : `header "${op.name}" is no longer sent`);
        continue;
      }
      this.once(op.node, np.node, `${where} #/parameters/${np.in}/${np.name}`, (o, n, l) => {
        if (req && n.required === true && o.required !== true) this.add('breaking', 'parameter-required', l, `parameter "${np.name}" is now required`, where);
        if (!req && o.required === true && n.required !== true) this.add('breaking', 'header-optional', l, `header "${np.name}" may now be absent`, where);
        const style = (p: Json) => {
          const s = String(p.style ?? (p.in === 'query' || p.in === 'cookie' ? 'form' : 'simple'));
          return `${s}/${String(p.explode ?? s === 'form')}`;
        };
        if (style(o) !== style(n)) this.add('breaking', 'parameter-style', l, `serialization of "${np.name}" changed from ${style(o)} to ${style(n)}`, where);
        const schema = (p: Json) => p.schema ?? obj(Object.values(obj(p.content))[0]).schema ?? {};
        this.schemas.compare(schema(o), schema(n), { dir, location: `${l}${l.startsWith('#') ? '/schema' : ''}`, usedBy: where });
      });
    }
    for (const [key, np] of nm) {
      if (om.has(key)) continue;
      const loc = `${where} #/parameters/${np.in}/${np.name}`;
      const required = deref(this.n, np.node).required === true;
      if (req && required) this.add('breaking', 'parameter-added-required', loc, `new required parameter ${np.in} "${np.name}"`);
      else this.add('additive', 'parameter-added', loc, req ? `new optional parameter ${np.in} "${np.name}"` : `new header "${np.name}"`);
    }
  }

  private requestBody(ob: unknown, nb: unknown, where: string, dir: Direction): void {
    const loc = `${where} #/requestBody`;
    if (ob === undefined && nb === undefined) return;
    if (ob === undefined) {
      if (dir === 'request' && deref(this.n, nb).required === true) this.add('breaking', 'body-required', loc, 'a request body is now required');
      else this.add('additive', 'media-type-added', loc, 'new request body');
      return;
    }
    if (nb === undefined) {
      this.add('breaking', 'body-removed', loc, dir === 'request' ? 'the request body is no longer accepted' : 'the payload is no longer sent');
      return;
    }
    this.once(ob, nb, loc, (o, n, l) => {
      if (dir === 'request' && n.required === true && o.required !== true) this.add('breaking', 'body-required', l, 'the request body is now required', where);
      this.content(obj(o.content), obj(n.content), l, where, dir);
    });
  }

  private content(oc: Json, nc: Json, loc: string, where: string, dir: Direction): void {
    const lower = byLowerCase(nc);
    for (const [mt, om] of Object.entries(oc)) {
      const nm = lower.get(mt.toLowerCase());
      if (!nm) {
        this.add('breaking', 'media-type-removed', loc, dir === 'request' ? `no longer accepts ${mt}` : `no longer sends ${mt}`, where);
        continue;
      }
      this.schemas.compare(obj(om).schema ?? {}, obj(nm.v).schema ?? {}, { dir, location: `${loc}/content/${esc(nm.k)}/schema`, usedBy: where });
    }
    const old = byLowerCase(oc);
    for (const mt of Object.keys(nc)) if (!old.has(mt.toLowerCase())) this.add('additive', 'media-type-added', loc, `new media type ${mt}`, where);
  }

  private responses(or: Json, nr: Json, where: string): void {
    for (const [status, o] of Object.entries(or)) {
      const loc = `${where} #/responses/${status}`;
      if (!(status in nr)) {
        if (/^2/.test(status)) this.add('breaking', 'response-removed', loc, `success response ${status} removed`);
        continue;
      }
      this.once(o, nr[status], loc, (ro, rn, l) => {
        this.headers(obj(ro.headers), obj(rn.headers), l, where);
        if (isObj(ro.content) && !isObj(rn.content)) this.add('breaking', 'body-removed', l, 'the response no longer has a body', where);
        else this.content(obj(ro.content), obj(rn.content), l, where, 'response');
      });
    }
    for (const status of Object.keys(nr)) if (!(status in or)) this.add('additive', 'response-added', `${where} #/responses/${status}`, `new response ${status}`);
  }

  private headers(oh: Json, nh: Json, loc: string, where: string): void {
    const lower = byLowerCase(nh);
    for (const [name, o] of Object.entries(oh)) {
      const n = lower.get(name.toLowerCase());
      const hloc = `${loc}/headers/${esc(name)}`;
      if (!n) { this.add('breaking', 'header-removed', hloc, `header "${name}" is no longer sent`, where); continue; }
      this.once(o, n.v, hloc, (ho, hn, l) => {
        if (ho.required === true && hn.required !== true) this.add('breaking', 'header-optional', l, `header "${name}" may now be absent`, where);
        this.schemas.compare(ho.schema ?? {}, hn.schema ?? {}, { dir: 'response', location: `${l}/schema`, usedBy: where });
      });
    }
    const old = byLowerCase(oh);
    for (const name of Object.keys(nh)) if (!old.has(name.toLowerCase())) this.add('additive', 'header-added', `${loc}/headers/${esc(name)}`, `new header "${name}"`, where);
  }

  /** Every way of calling the operation that worked must still work: each old alternative must still suffice. */
  private security(oo: Json, no: Json, where: string): void {
    const alts = (doc: Json, op: Json): string[][] => {
      const list = Array.isArray(op.security) ? op.security : Array.isArray(doc.security) ? doc.security : [];
      return list.length ? list.map((r) => Object.keys(obj(r)).sort()) : [[]];
    };
    const oa = alts(this.o, oo);
    const na = alts(this.n, no);
    const lost = oa.find((a) => !na.some((b) => b.every((s) => a.includes(s))));
    if (!lost) return;
    const needs = na.map((b) => b.join(' + ')).join(' or ');
    this.add('breaking', 'security-stricter', `${where} #/security`,
      lost.length ? `${lost.join(' + ')} is no longer enough: it now requires ${needs}` : `now requires authentication (${needs})`);
  }

  private securitySchemes(): void {
    const os = obj(obj(this.o.components).securitySchemes);
    const ns = obj(obj(this.n.components).securitySchemes);
    for (const [name, s] of Object.entries(os)) {
      const loc = `#/components/securitySchemes/${esc(name)}`;
      if (!(name in ns)) { this.add('breaking', 'security-scheme-removed', loc, `security scheme ${name} removed`); continue; }
      const o = deref(this.o, s);
      const n = deref(this.n, ns[name]);
      for (const k of ['type', 'in', 'name', 'scheme', 'bearerFormat', 'openIdConnectUrl', 'flows']) {
        const [a, b] = [JSON.stringify(o[k]), JSON.stringify(n[k])];
        if (a !== b) this.add('breaking', 'security-scheme-changed', loc, `${k} changed from ${a ?? 'none'} to ${b ?? 'none'}`);
      }
    }
  }
}
