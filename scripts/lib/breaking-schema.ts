/**
 * Structural comparison of two JSON Schemas (OpenAPI 3.1, JSON Schema 2020-12) of a bundled document, in one
 * direction: `request` (what the service accepts: it must not refuse what it accepted) or `response` (what the
 * service sends, webhook payloads included: it must not lose a guarantee). Pure; used by breaking.ts.
 */
import { requiredKey, spellOutChoices } from './breaking-choices';
import { disjoint } from './breaking-disjoint';
import { compareDefaults, compareLimits, compareOpaque } from './breaking-keywords';
import { change, describeSchemaRule, type Change, type Direction, type SchemaRule } from './breaking-rules';
import {
  accepts, canon, CONSTRAINT_ONLY, enumOf, escapePointer, isObj, marks, mergeRaw, schemaOf, structural, typeKey,
  typesOf, view, type Group, type Json, type View,
} from './breaking-view';

/** Where a comparison stands: its direction, its location, and the operation (or webhook) it was reached from. */
export interface Place { dir: Direction; location: string; usedBy: string | undefined }

const show = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : JSON.stringify(v));

/** Compares schemas of two documents; each difference found goes to `report`. Components are compared once per direction. */
export class SchemaComparer {
  private readonly seen = new Set<string>();
  /** The schemas being compared inline, outermost first: a `$ref` with siblings inside its own target comes back to them. */
  private readonly inline: [unknown, unknown][] = [];

  constructor(
    private readonly oldDoc: Json,
    private readonly newDoc: Json,
    private readonly report: (change: Change) => void,
  ) {}

  compare(oldNode: unknown, newNode: unknown, at: Place): void {
    const o = view(this.oldDoc, oldNode);
    const n = view(this.newDoc, newNode);
    if (o.ref && n.ref) {
      this.nullability(o.nullable, n.nullable, at);
      const key = `${at.dir} ${o.ref} ${n.ref}`;
      if (this.seen.has(key)) return;
      this.seen.add(key);
      const place = { dir: at.dir, location: n.ref, usedBy: at.usedBy };
      this.compareViews(view(this.oldDoc, schemaOf(this.oldDoc, { $ref: o.ref })),
        view(this.newDoc, schemaOf(this.newDoc, { $ref: n.ref })), place);
      return;
    }
    if (this.inline.some(([a, b]) => a === oldNode && b === newNode)) return;
    if (this.inline.length > 64) throw new Error(`schemas nested too deep at ${at.location} (a $ref with siblings inside its own target?)`);
    this.inline.push([oldNode, newNode]);
    try {
      this.compareViews(this.expand(this.oldDoc, o), this.expand(this.newDoc, n), at);
    } finally {
      this.inline.pop();
    }
  }

  private expand(doc: Json, v: View): View {
    if (!v.ref) return v;
    const inner = view(doc, schemaOf(doc, { $ref: v.ref }));
    return { ...inner, nullable: inner.nullable || v.nullable };
  }

  private emit(rule: SchemaRule, at: Place, detail: Record<string, unknown> = {}, sub = ''): void {
    const { severity, message } = describeSchemaRule(rule, at.dir, detail);
    this.report(change(severity, rule, `${at.location}${sub}`, message, at.usedBy));
  }

  private nullability(oldNull: boolean, newNull: boolean, at: Place): void {
    if (at.dir === 'response' && newNull && !oldNull) this.emit('type-widened', at, { types: 'null' });
    if (at.dir === 'request' && oldNull && !newNull) this.emit('type-narrowed', at, { types: 'null' });
  }

  private compareViews(o: View, n: View, at: Place): void {
    const emit = (rule: SchemaRule, detail?: Record<string, unknown>) => this.emit(rule, at, detail);
    compareDefaults(o.raw, n.raw, at.dir, emit);
    compareOpaque(o.opaque, n.opaque, at.dir, emit);
    const oShape = o.groups.filter((g) => !this.constraintOnly(this.oldDoc, g));
    const nShape = n.groups.filter((g) => !this.constraintOnly(this.newDoc, g));
    if (oShape.length || nShape.length) {
      this.alternatives(o, n, oShape, nShape, at);
      return;
    }
    const ot = typesOf(o);
    const nt = typesOf(n);
    this.types(ot, nt, at);
    this.enums(enumOf(o.raw), enumOf(n.raw), at);
    compareLimits(o.raw, n.raw, at.dir, emit);
    const both = (t: string) => accepts(ot, t) && accepts(nt, t);
    if (both('array') && (o.raw.items !== undefined || n.raw.items !== undefined)) {
      this.compare(o.raw.items ?? {}, n.raw.items ?? {}, { ...at, location: `${at.location}/items` });
    }
    if (both('object')) this.objects(o, n, at);
  }

  private constraintOnly(doc: Json, g: Group): boolean {
    return g.branches.every((b) => { const s = schemaOf(doc, b); return structural(s).every((k) => CONSTRAINT_ONLY.has(k)); });
  }

  private types(ot: Set<string> | null, nt: Set<string> | null, at: Place): void {
    if (at.dir === 'request') {
      const lost = ot === null ? (nt ? ['anything but ' + [...nt].join('/')] : []) : [...ot].filter((t) => !accepts(nt, t));
      if (lost.length) this.emit('type-narrowed', at, { types: lost.join(', ') });
    } else {
      const gained = nt === null ? (ot ? ['any type'] : []) : [...nt].filter((t) => !accepts(ot, t));
      if (gained.length) this.emit('type-widened', at, { types: gained.join(', ') });
    }
  }

  private enums(oe: unknown[] | null, ne: unknown[] | null, at: Place): void {
    if (oe && ne) {
      const os = new Set(oe.map(canon));
      const ns = new Set(ne.map(canon));
      for (const v of oe) if (!ns.has(canon(v))) this.emit('enum-value-removed', at, { value: show(v) });
      for (const v of ne) if (!os.has(canon(v))) this.emit('enum-value-added', at, { value: show(v) });
    } else if (ne && at.dir === 'request') this.emit('enum-restricted', at, { values: ne.map(show).join(', ') });
    else if (oe && at.dir === 'response') this.emit('enum-dropped', at, {});
  }

  private objects(o: View, n: View, at: Place): void {
    const req = at.dir === 'request';
    const op = isObj(o.raw.properties) ? o.raw.properties : {};
    const np = isObj(n.raw.properties) ? n.raw.properties : {};
    const oreq = new Set(Array.isArray(o.raw.required) ? o.raw.required.map(String) : []);
    const nreq = new Set(Array.isArray(n.raw.required) ? n.raw.required.map(String) : []);
    const hidden = (doc: Json, s: unknown) => (req ? marks(doc, s).readOnly : marks(doc, s).writeOnly);
    const sub = (name: string) => ({ ...at, location: `${at.location}/properties/${escapePointer(name)}` });

    for (const [name, os] of Object.entries(op)) {
      if (hidden(this.oldDoc, os)) continue;
      const ns = np[name];
      // `false`: the field is never there. Refused in a request, never sent in an answer.
      if (os === false) {
        if (ns !== undefined && ns !== false) this.emit(req ? 'field-added-optional' : 'field-added', sub(name), { name });
        continue;
      }
      if (ns === false) {
        this.emit(req ? 'field-not-accepted' : 'field-removed', at, { name }, `/properties/${escapePointer(name)}`);
        continue;
      }
      if (ns === undefined) {
        if (!req) this.emit('field-removed', at, { name }, `/properties/${escapePointer(name)}`);
        else if (n.raw.additionalProperties === false) this.emit('field-not-accepted', at, { name }, `/properties/${escapePointer(name)}`);
        else if (isObj(n.raw.additionalProperties)) this.compare(os, n.raw.additionalProperties, sub(name));
        continue;
      }
      if (hidden(this.newDoc, ns)) { this.emit(req ? 'field-read-only' : 'field-write-only', sub(name), { name }); continue; }
      if (req && nreq.has(name) && !oreq.has(name)) this.emit('field-required', sub(name), { name });
      if (!req && oreq.has(name) && !nreq.has(name)) this.emit('field-optional', sub(name), { name });
      this.compare(os, ns, sub(name));
    }
    for (const [name, ns] of Object.entries(np)) {
      if (name in op || hidden(this.newDoc, ns)) continue;
      if (ns === false) {
        if (req && o.raw.additionalProperties !== false) this.emit('field-not-accepted', sub(name), { name });
        continue;
      }
      if (req) this.emit(nreq.has(name) ? 'field-added-required' : 'field-added-optional', sub(name), { name });
      else this.emit('field-added', sub(name), { name });
    }
    if (req) {
      for (const name of nreq) if (!oreq.has(name) && !(name in np)) this.emit('field-added-required', at, { name });
    }

    const oa = o.raw.additionalProperties;
    const na = n.raw.additionalProperties;
    const aLoc = { ...at, location: `${at.location}/additionalProperties` };
    if (req && na === false && oa !== false) this.emit('additional-closed', at, {});
    else if (isObj(na) && oa !== false) this.compare(isObj(oa) ? oa : {}, na, aLoc);
    else if (!req && isObj(oa) && na !== false) this.compare(oa, isObj(na) ? na : {}, aLoc);
    if (o.raw.propertyNames !== undefined || n.raw.propertyNames !== undefined) {
      this.compare(o.raw.propertyNames ?? {}, n.raw.propertyNames ?? {}, { ...at, location: `${at.location}/propertyNames` });
    }
    this.dependencies(o.raw.dependentRequired, n.raw.dependentRequired, at);
    if (req) this.constraintGroups(o, n, at);
  }

  private dependencies(od: unknown, nd: unknown, at: Place): void {
    const [from, to] = at.dir === 'request' ? [nd, od] : [od, nd];
    if (!isObj(from)) return;
    for (const [key, list] of Object.entries(from)) {
      const other = isObj(to) && Array.isArray(to[key]) ? (to[key] as unknown[]) : [];
      for (const dep of Array.isArray(list) ? list : []) {
        if (!other.includes(dep)) this.emit('dependency-changed', at, { key, name: dep });
      }
    }
  }

  /** `oneOf: [{required: [a]}, {required: [b]}]` beside the properties: a request must still pass the old choices. */
  private constraintGroups(o: View, n: View, at: Place): void {
    const sets = (doc: Json, v: View) => v.groups.filter((g) => this.constraintOnly(doc, g))
      .map((g) => g.branches.map((b) => canon(schemaOf(doc, b))));
    const og = sets(this.oldDoc, o);
    const ng = sets(this.newDoc, n);
    ng.forEach((branches, i) => {
      const old = og[i];
      if (!old) { this.emit('constraint-added', at, { rule: branches.join(' | ') }); return; }
      for (const b of old) if (!branches.includes(b)) this.emit('alternative-removed', at, { label: b });
    });
  }

  private alternatives(o: View, n: View, oShape: Group[], nShape: Group[], at: Place): void {
    const oB = this.branchesOf(this.oldDoc, o, oShape[0]);
    const nB = this.branchesOf(this.newDoc, n, nShape[0]);
    const discriminated = Boolean(oShape[0]?.discriminator && nShape[0]?.discriminator);
    this.nullability(o.nullable, n.nullable, at);
    const pairs = matchBranches(oB, nB, !discriminated);
    for (const [oi, ni] of pairs) {
      if (ni === undefined && oi !== undefined) {
        const label = oB[oi]!.label;
        if (at.dir === 'request') this.emit('alternative-removed', at, { label });
        else if (discriminated) this.emit('variant-removed', at, { label });
      } else if (oi === undefined && ni !== undefined) {
        const label = nB[ni]!.label;
        if (at.dir === 'request') this.addedAlternative(nB, ni, nShape[0], at);
        else this.emit(discriminated ? 'variant-added' : 'alternative-sent', at, { label });
      } else if (oi !== undefined && ni !== undefined) {
        const loc = nShape.length ? `${at.location}/oneOf/${ni}` : at.location;
        this.compare(oB[oi]!.node, nB[ni]!.node, { ...at, location: loc });
      }
    }
  }

  /**
   * A new request alternative widens what is accepted, unless it is a branch of a `oneOf` (spelled-out choices are
   * one) that may match what another branch matches: a body matching both is then refused.
   */
  private addedAlternative(nB: Branch[], ni: number, group: Group | undefined, at: Place): void {
    const name = (i: number) => (group ? `oneOf/${i}` : nB[i]!.label);
    const other = group?.exclusive === false ? -1
      : nB.findIndex((b, i) => i !== ni && !disjoint(this.newDoc, nB[ni]!.node, b.node));
    if (other < 0) { this.emit('alternative-added', at, { label: nB[ni]!.label }); return; }
    this.emit('alternative-overlapping', at, { label: nB[ni]!.label, other: name(other) }, group ? `/oneOf/${ni}` : '');
  }

  private branchesOf(doc: Json, v: View, group: Group | undefined): Branch[] {
    if (!group) {
      const shapes = spellOutChoices(doc, v);
      if (shapes) return shapes.map((node) => ({ node, keys: [requiredKey(doc, node), typeKey(doc, node)], label: requiredKey(doc, node).slice(4) }));
      return [{ node: v.raw, keys: [typeKey(doc, v.raw)], label: typeKey(doc, v.raw) }];
    }
    // The parent's own `default` was compared with the parent: each branch does not compare it again.
    const { default: _default, ...rest } = v.raw;
    const prop = typeof group.discriminator?.propertyName === 'string' ? group.discriminator.propertyName : undefined;
    const mapping = isObj(group.discriminator?.mapping) ? group.discriminator.mapping : {};
    return group.branches.map((b) => {
      const node = structural(rest).length ? mergeRaw(rest, schemaOf(doc, b)) : b;
      const ref = isObj(b) && typeof b.$ref === 'string' ? b.$ref : undefined;
      const keys: string[] = [];
      if (prop) {
        const tags = Object.entries(mapping).filter(([, r]) => r === ref).map(([k]) => k);
        const own = schemaOf(doc, b).properties;
        const tagSchema = isObj(own) && isObj(own[prop]) ? own[prop] : {};
        tags.push(...(enumOf(tagSchema) ?? []).map(String));
        if (!tags.length && ref) tags.push(ref.split('/').pop()!);
        keys.push(...tags.map((t) => `tag:${t}`));
      }
      if (ref) keys.push(`ref:${ref.split('/').pop()}`);
      keys.push(typeKey(doc, b), `canon:${canon(schemaOf(doc, b))}`, requiredKey(doc, node));
      const label = keys[0]!.replace(/^(tag|ref|type|canon):/, '');
      return { node, keys, label };
    });
  }
}

interface Branch { node: unknown; keys: string[]; label: string }

/**
 * Pairs old and new branches: by discriminator value, then `$ref` name, then required names, then type, then content; without a
 * discriminator the branches left are paired in order (a changed branch is compared, not reported removed and added).
 */
function matchBranches(oB: Branch[], nB: Branch[], byPosition: boolean): [number | undefined, number | undefined][] {
  const pairs: [number | undefined, number | undefined][] = [];
  const usedN = new Set<number>();
  const usedO = new Set<number>();
  for (const kind of ['tag:', 'ref:', 'req:', 'type:', 'canon:']) {
    oB.forEach((ob, oi) => {
      if (usedO.has(oi)) return;
      const key = ob.keys.find((k) => k.startsWith(kind));
      if (!key) return;
      const candidates = nB.map((nb, ni) => ({ nb, ni })).filter(({ nb, ni }) => !usedN.has(ni) && nb.keys.includes(key));
      const sameKindOld = oB.filter((b, i) => !usedO.has(i) && b.keys.includes(key)).length;
      if (candidates.length === 1 && (kind === 'tag:' || kind === 'ref:' || sameKindOld === 1)) {
        pairs.push([oi, candidates[0]!.ni]);
        usedO.add(oi);
        usedN.add(candidates[0]!.ni);
      }
    });
  }
  const leftO = oB.map((_b, i) => i).filter((i) => !usedO.has(i));
  const leftN = nB.map((_b, i) => i).filter((i) => !usedN.has(i));
  while (byPosition && leftO.length && leftN.length) pairs.push([leftO.shift(), leftN.shift()]);
  for (const oi of leftO) pairs.push([oi, undefined]);
  for (const ni of leftN) pairs.push([undefined, ni]);
  return pairs;
}
