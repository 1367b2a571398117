/**
 * What the breaking-change gate reports: each kind of difference (a rule), whether it breaks partners in the
 * direction it was found in, and its one-line message. The policy is spec/descriptions/info.md, "Versioning".
 */
/** `request`: what the service accepts (it must not refuse what it accepted). `response`: what it sends, webhook
 * payloads included (it must not lose a guarantee). */
export type Direction = 'request' | 'response';

/** `info`: a difference partners do not rely on, shown but never failing the gate (a local server address). */
export type Severity = 'breaking' | 'additive' | 'info';

/** Differences found inside schemas; their severity may depend on the direction. */
export type SchemaRule =
  | 'type-narrowed' | 'type-widened' | 'enum-value-removed' | 'enum-value-added' | 'enum-restricted' | 'enum-dropped'
  | 'bound-stricter' | 'bound-looser' | 'pattern-changed' | 'format-changed' | 'unique-items'
  | 'field-removed' | 'field-not-accepted' | 'field-read-only' | 'field-write-only' | 'field-required'
  | 'field-optional' | 'field-added-required' | 'field-added-optional' | 'field-added' | 'additional-closed'
  | 'dependency-changed' | 'constraint-added' | 'alternative-removed' | 'alternative-added' | 'alternative-overlapping'
  | 'alternative-sent'
  | 'variant-removed' | 'variant-added' | 'default-changed' | 'rule-added' | 'rule-removed' | 'rule-changed';

/** Differences found around the schemas: operations, parameters, bodies, responses, headers, security, webhooks. */
export type DocumentRule =
  | 'operation-removed' | 'operation-added' | 'webhook-removed' | 'webhook-added' | 'response-removed'
  | 'response-added' | 'media-type-removed' | 'media-type-added' | 'body-removed' | 'body-required'
  | 'header-removed' | 'header-optional' | 'header-added' | 'parameter-removed' | 'parameter-required'
  | 'parameter-added-required' | 'parameter-added' | 'parameter-style' | 'security-stricter'
  | 'security-scheme-removed' | 'security-scheme-changed' | 'server-removed' | 'server-added';

export type Rule = SchemaRule | DocumentRule;

/** One difference between the released contract and the current one. */
export interface Change {
  severity: Severity;
  rule: Rule;
  /**
   * Where: `POST /v1/customers #/requestBody/content/application~1json/schema/properties/email` (inline),
   * `#/components/schemas/Customer/properties/email` (in a component).
   */
  location: string;
  /** One line, for a person. */
  message: string;
  /** For a change inside a component: the first operation (or webhook) found using it, in that direction. */
  usedBy?: string | undefined;
}

/** A change; `usedBy` is kept for a location inside a component (`#/…`) only, an operation's own location naming it. */
export const change = (severity: Severity, rule: Rule, location: string, message: string, usedBy?: string): Change =>
  ({ severity, rule, location, message, usedBy: location.startsWith('#') ? usedBy : undefined });

const num = (v: unknown): string => (v === undefined ? 'none' : String(v));
const show = (v: unknown): string => JSON.stringify(v);

function bound(d: Record<string, unknown>): string {
  if (d.from === undefined) return `${String(d.keyword)} ${num(d.to)} added`;
  if (d.to === undefined) return `${String(d.keyword)} ${num(d.from)} removed`;
  return `${String(d.keyword)} ${num(d.from)} → ${num(d.to)}`;
}

const changed = (what: string, d: Record<string, unknown>): string =>
  d.from === undefined ? `${what} ${JSON.stringify(d.to)} added`
    : d.to === undefined ? `${what} ${JSON.stringify(d.from)} removed`
      : `${what} changed from ${JSON.stringify(d.from)} to ${JSON.stringify(d.to)}`;

/** A canonical JSON value, cut to fit a line. */
const clip = (v: unknown): string => {
  const s = String(v);
  return s.length > 80 ? `${s.slice(0, 79)}…` : s;
};

const ADDITIVE = new Set<SchemaRule>(['enum-value-added', 'field-added-optional', 'field-added', 'alternative-added',
  'variant-added']);
/** Rules additive in one direction only: a looser request, a narrower answer. */
const ADDITIVE_IN: Record<Direction, Set<SchemaRule>> = {
  request: new Set(['bound-looser', 'rule-removed']),
  response: new Set(['rule-added']),
};

/** Severity and message of a schema rule found in `dir`. */
export function describeSchemaRule(rule: SchemaRule, dir: Direction, d: Record<string, unknown>): { severity: Severity; message: string } {
  const req = dir === 'request';
  const name = `"${String(d.name)}"`;
  const severity: Severity = ADDITIVE.has(rule) || ADDITIVE_IN[dir].has(rule) ? 'additive' : 'breaking';
  const keyword = `"${String(d.keyword)}"`;
  const message = ((): string => {
    switch (rule) {
      case 'type-narrowed': return `no longer accepts ${String(d.types)}`;
      case 'type-widened': return `may now be ${String(d.types)}`;
      case 'enum-value-removed': return req ? `no longer accepts the value ${String(d.value)}` : `the value ${String(d.value)} was removed`;
      case 'enum-value-added': return req ? `new accepted value ${String(d.value)}` : `new value ${String(d.value)} (clients ignore values they do not know)`;
      case 'enum-restricted': return `now limited to ${String(d.values)}`;
      case 'enum-dropped': return 'no longer limited to its listed values';
      case 'bound-stricter': return req ? `stricter: ${bound(d)}` : `${bound(d)}: values sent may no longer fit it`;
      case 'bound-looser': return req ? `looser: ${bound(d)}` : `looser: ${bound(d)}: values sent may exceed the old limit`;
      case 'pattern-changed': return changed('pattern', d);
      case 'format-changed': return changed('format', d);
      case 'unique-items': return req ? 'items must now be unique' : 'items are no longer guaranteed unique';
      case 'field-removed': return `field ${name} removed`;
      case 'field-not-accepted': return `field ${name} removed: no other fields are allowed, so sending it is now refused`;
      case 'field-read-only': return `${name} is now read-only: sending it is no longer accepted`;
      case 'field-write-only': return `${name} is now write-only: it is no longer sent`;
      case 'field-required': return `${name} is now required`;
      case 'field-optional': return `${name} is no longer required: it may be absent`;
      case 'field-added-required': return `new required field ${name}`;
      case 'field-added-optional': return `new optional field ${name}`;
      case 'field-added': return `new field ${name}`;
      case 'additional-closed': return 'fields other than those listed are now refused (additionalProperties: false)';
      case 'dependency-changed': return req ? `"${String(d.name)}" is now required with "${String(d.key)}"`
        : `"${String(d.name)}" no longer always comes with "${String(d.key)}"`;
      case 'constraint-added': return `new rule: must match exactly one of ${String(d.rule)}`;
      case 'alternative-removed': return `the alternative ${String(d.label)} is no longer accepted`;
      case 'alternative-added': return `new accepted alternative ${String(d.label)}`;
      case 'alternative-overlapping': return `new alternative ${String(d.label)} may match what ${String(d.other)} accepts: ` +
        'a request matching both is refused (a oneOf takes exactly one)';
      case 'alternative-sent': return `may now be sent as ${String(d.label)}, a shape it never had`;
      case 'variant-removed': return `variant ${String(d.label)} removed`;
      case 'variant-added': return `new variant ${String(d.label)} (clients ignore variants they do not know)`;
      case 'default-changed': return d.to === undefined
        ? `default ${show(d.from)} removed: requests that omit it no longer get ${show(d.from)}`
        : `default changed from ${show(d.from)} to ${show(d.to)}: requests that omit it now get ${show(d.to)}`;
      case 'rule-added': return req ? `new ${keyword} rule ${clip(d.value)}: requests it accepted may now be refused`
        : `new ${keyword} rule ${clip(d.value)}: what is sent is narrowed`;
      case 'rule-removed': return req ? `${keyword} rule ${clip(d.value)} removed: more is accepted`
        : `${keyword} rule ${clip(d.value)} removed: what is sent is no longer bound by it`;
      case 'rule-changed': return `${keyword} rule changed from ${clip(d.from)} to ${clip(d.to)}` +
        (req ? ': requests it accepted may now be refused' : ': what is sent may no longer meet the old rule');
    }
  })();
  return { severity, message };
}
