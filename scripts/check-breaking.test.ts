import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { findChanges, gate, type Change } from './lib/breaking';

type Json = Record<string, unknown>;
const root = resolve(import.meta.dirname, '..');
const read = (file: string): Json => JSON.parse(readFileSync(resolve(root, file), 'utf8')) as Json;
const released = read('spec/released/openapi.json');

/** The object at a JSON pointer of `doc` (`/components/schemas/Customer`); `~1` spells a `/` inside a key. */
function at(doc: Json, pointer: string): Json {
  let node: unknown = doc;
  for (const key of pointer.split('/').slice(1)) node = (node as Json)[key.replace(/~1/g, '/')];
  if (typeof node !== 'object' || node === null) throw new Error(`nothing at ${pointer}`);
  return node as Json;
}
const list = (doc: Json, pointer: string): unknown[] => at(doc, pointer) as unknown as unknown[];
const schema = (doc: Json, name: string): Json => at(doc, `/components/schemas/${name}`);
const props = (doc: Json, name: string): Json => at(schema(doc, name), '/properties');
function drop(values: unknown[], value: unknown): void {
  const i = values.indexOf(value);
  if (i < 0) throw new Error(`${String(value)} is not there to drop`);
  values.splice(i, 1);
}

function edited(edit: (doc: Json) => void, version?: string): Json {
  const doc = structuredClone(released);
  edit(doc);
  if (version) at(doc, '/info').version = version;
  return doc;
}

interface Expected { location: string; message: RegExp }
const matching = (changes: Change[], e: Expected) => changes.filter((c) => c.location === e.location && e.message.test(c.message));

const BREAKING: [string, (doc: Json) => void, Expected][] = [
  ['an operation removed', (d) => { delete at(d, '/paths/~1v1~1customers').post; },
    { location: 'POST /v1/customers', message: /^operation removed \(createCustomer\)$/ }],
  ['a response field removed', (d) => { delete props(d, 'Customer').email; drop(list(d, '/components/schemas/Customer/required'), 'email'); },
    { location: '#/components/schemas/Customer/properties/email', message: /field "email" removed/ }],
  ['a response field made optional', (d) => { drop(list(d, '/components/schemas/Customer/required'), 'email'); },
    { location: '#/components/schemas/Customer/properties/email', message: /"email" is no longer required/ }],
  ['a response field made nullable', (d) => { at(props(d, 'Customer'), '/email').type = ['string', 'null']; },
    { location: '#/components/schemas/Customer/properties/email', message: /may now be null/ }],
  ['a response field changing type', (d) => { at(props(d, 'Customer'), '/delinquent').type = 'string'; },
    { location: '#/components/schemas/Customer/properties/delinquent', message: /may now be string/ }],
  ['a response enum value removed', (d) => { drop(list(d, '/components/schemas/TransactionStatus/enum'), 'chargeback'); },
    { location: '#/components/schemas/TransactionStatus', message: /the value "chargeback" was removed/ }],
  ['a required request field added', (d) => {
    props(d, 'CreateCustomerRequest').nickname = { type: 'string' };
    list(d, '/components/schemas/CreateCustomerRequest/required').push('nickname');
  }, { location: '#/components/schemas/CreateCustomerRequest/properties/nickname', message: /new required field "nickname"/ }],
  ['an optional request field made required', (d) => { list(d, '/components/schemas/CreateCustomerRequest/required').push('birthdate'); },
    { location: '#/components/schemas/CreateCustomerRequest/properties/birthdate', message: /"birthdate" is now required/ }],
  ['a request field narrowed from integer to string', (d) => { at(props(d, 'CreateRefundRequest'), '/amount').type = 'string'; },
    { location: '#/components/schemas/CreateRefundRequest/properties/amount', message: /no longer accepts integer/ }],
  ['a maxLength added to a request field', (d) => { at(props(d, 'CreateWithdrawalRequest'), '/walletId').maxLength = 20; },
    { location: '#/components/schemas/CreateWithdrawalRequest/properties/walletId', message: /stricter: maxLength 20 added/ }],
  ['a request maximum lowered', (d) => { at(props(d, 'CreateWithdrawalRequest'), '/amount').maximum = 1_000_000; },
    { location: '#/components/schemas/CreateWithdrawalRequest/properties/amount', message: /stricter: maximum 100000000000 → 1000000/ }],
  ['a request enum value removed', (d) => { drop(list(d, '/components/schemas/CreateRefundRequest/properties/reason/enum'), 'other'); },
    { location: '#/components/schemas/CreateRefundRequest/properties/reason', message: /no longer accepts the value "other"/ }],
  ['a request field removed from a closed body', (d) => { delete props(d, 'CreateRefundRequest').metadata; },
    { location: '#/components/schemas/CreateRefundRequest/properties/metadata', message: /"metadata" removed: .*refused/ }],
  ['a request alternative removed', (d) => { list(d, '/components/schemas/CreateTransactionRequest/oneOf').pop(); },
    { location: '#/components/schemas/CreateTransactionRequest', message: /CreateBilletTransactionRequest is no longer accepted/ }],
  ['a path parameter accepting fewer ids', (d) => { at(d, '/components/parameters/CustomerId/schema').pattern = '^cus_[0-9a-z]+$'; },
    { location: '#/components/parameters/CustomerId/schema', message: /^pattern changed/ }],
  ['a query parameter removed', (d) => {
    const params = list(d, '/paths/~1v1~1customers/get/parameters');
    drop(params, params.find((p) => (p as Json).name === 'email'));
  }, { location: 'GET /v1/customers #/parameters/query/email', message: /parameter query "email" is no longer accepted/ }],
  ['a required query parameter added', (d) => {
    list(d, '/paths/~1v1~1customers/get/parameters').push({ name: 'country', in: 'query', required: true, schema: { type: 'string' } });
  }, { location: 'GET /v1/customers #/parameters/query/country', message: /new required parameter query "country"/ }],
  ['a success status changed', (d) => {
    const responses = at(d, '/paths/~1v1~1customers/post/responses');
    responses['200'] = responses['201'];
    delete responses['201'];
  }, { location: 'POST /v1/customers #/responses/201', message: /success response 201 removed/ }],
  ['a response header removed', (d) => { delete at(d, '/components/responses/TooManyRequests/headers')['Retry-After']; },
    { location: '#/components/responses/TooManyRequests/headers/Retry-After', message: /header "Retry-After" is no longer sent/ }],
  ['an operation needing more credentials', (d) => {
    at(d, '/components/securitySchemes').OAuth = { type: 'http', scheme: 'bearer' };
    at(d, '/paths/~1v1~1customers/post').security = [{ ServiceKey: [], OAuth: [] }];
  }, { location: 'POST /v1/customers #/security', message: /ServiceKey is no longer enough: it now requires OAuth \+ ServiceKey/ }],
  ['a webhook payload field removed', (d) => {
    delete props(d, 'TransactionWebhookDelivery').source;
    drop(list(d, '/components/schemas/TransactionWebhookDelivery/required'), 'source');
  }, { location: '#/components/schemas/TransactionWebhookDelivery/properties/source', message: /field "source" removed/ }],
  ['a webhook payload enum value removed', (d) => { drop(list(d, '/components/schemas/TransactionWebhookDelivery/properties/source/enum'), 'manual'); },
    { location: '#/components/schemas/TransactionWebhookDelivery/properties/source', message: /the value "manual" was removed/ }],
  ['a webhook header no longer sent', (d) => { list(d, '/webhooks/transaction.approved/post/parameters').shift(); },
    { location: 'webhook transaction.approved #/parameters/header/X-Service-Signature', message: /header "X-Service-Signature" is no longer sent/ }],
  ['an event type removed', (d) => { delete at(d, '/webhooks')['transaction.dispute']; },
    { location: 'webhook transaction.dispute', message: /event no longer sent/ }],
  ['a request parameter default changed', (d) => { at(d, '/components/parameters/Limit/schema').default = 10; },
    { location: '#/components/parameters/Limit/schema', message: /^default changed from 20 to 10: requests that omit it now get 10$/ }],
  ['a request parameter default removed', (d) => { delete at(d, '/components/parameters/Limit/schema').default; },
    { location: '#/components/parameters/Limit/schema', message: /^default 20 removed/ }],
  ['a request body field default changed', (d) => { at(props(d, 'CreateAddressRequest'), '/country').default = 'PT'; },
    { location: '#/components/schemas/CreateAddressRequest/properties/country', message: /default changed from "BR" to "PT"/ }],
  ['a field made required beside a $ref', (d) => {
    at(d, '/paths/~1v1~1customers/post/requestBody/content/application~1json').schema = {
      $ref: '#/components/schemas/CreateCustomerRequest', required: ['firstName', 'lastName', 'email', 'birthdate'] };
  }, { location: 'POST /v1/customers #/requestBody/content/application~1json/schema/properties/birthdate', message: /"birthdate" is now required/ }],
  ['a not rule added to a request body', (d) => { schema(d, 'CreateCustomerRequest').not = { required: ['gender'] }; },
    { location: '#/components/schemas/CreateCustomerRequest', message: /^new "not" rule \{"required":\["gender"\]\}: requests it accepted may now be refused$/ }],
  ['a not rule beside a $ref in a request body', (d) => {
    at(d, '/paths/~1v1~1customers/post/requestBody/content/application~1json').schema = {
      $ref: '#/components/schemas/CreateCustomerRequest', not: { required: ['gender'] } };
  }, { location: 'POST /v1/customers #/requestBody/content/application~1json/schema', message: /^new "not" rule/ }],
  ['an if/then rule added to a request body', (d) => {
    Object.assign(schema(d, 'CreateCustomerRequest'), { if: { required: ['document'] }, then: { required: ['birthdate'] } });
  }, { location: '#/components/schemas/CreateCustomerRequest', message: /^new "then" rule \{"required":\["birthdate"\]\}/ }],
  ['a prefixItems rule added to a request array', (d) => { at(props(d, 'CreateCustomerRequest'), '/additionalEmails').prefixItems = [{ pattern: '@' }]; },
    { location: '#/components/schemas/CreateCustomerRequest/properties/additionalEmails', message: /^new "prefixItems" rule/ }],
  ['request choices spelled out as shapes, one combination left out', (d) => {
    spellOutSubscription(d);
    list(d, '/components/schemas/CreateSubscriptionRequest/oneOf').pop();
  }, { location: '#/components/schemas/CreateSubscriptionRequest', message: /alternative customerId,payment,plan is no longer accepted/ }],
  ['a spelled-out shape requiring one more field', (d) => {
    spellOutSubscription(d);
    list(d, '/components/schemas/CreateSubscriptionRequest/oneOf/1/required').push('dunning');
  }, { location: '#/components/schemas/CreateSubscriptionRequest/oneOf/1/properties/dunning', message: /"dunning" is now required/ }],
  ['a request field refused with a false schema', (d) => { props(d, 'CreateRefundRequest').metadata = false; },
    { location: '#/components/schemas/CreateRefundRequest/properties/metadata', message: /"metadata" removed: .*refused/ }],
  ['a response field never sent any more (a false schema)', (d) => { props(d, 'Customer').email = false; },
    { location: '#/components/schemas/Customer/properties/email', message: /field "email" removed/ }],
  ['int32 given to a request integer whose bounds pass 2^31', (d) => { at(props(d, 'CreateWithdrawalRequest'), '/amount').format = 'int32'; },
    { location: '#/components/schemas/CreateWithdrawalRequest/properties/amount', message: /^format "int32" added$/ }],
  ['a fifth request shape overlapping the others (a body it accepted now matches two branches of the oneOf)', (d) => {
    spellOutSubscription(d);
    list(d, '/components/schemas/CreateSubscriptionRequest/oneOf').push(fifthShape(['customer', 'payment']));
  }, { location: '#/components/schemas/CreateSubscriptionRequest/oneOf/4', message: /^new alternative object may match what oneOf\/0 accepts/ }],
];

/**
 * A new closed shape of CreateSubscriptionRequest taking every property of the released body but `customerId`
 * and `plan`, requiring `required`: with only `customer` and `payment` required it accepts what the first of the
 * four spelled-out shapes accepts.
 */
function fifthShape(required: string[], extra: Json = {}): Json {
  const { customerId: _id, plan: _plan, ...properties } = props(released, 'CreateSubscriptionRequest');
  return { type: 'object', additionalProperties: false, required, properties: { ...structuredClone(properties), ...extra } };
}

/**
 * The released `allOf` of two choices (`customer`/`customerId`, `variantId`/`plan`) of CreateSubscriptionRequest,
 * written out by hand as the four closed shapes it allows: the two chosen names required, the two others `false`.
 */
function spellOutSubscription(d: Json): void {
  const { allOf: _choices, ...base } = schema(d, 'CreateSubscriptionRequest');
  const shape = (who: string, other: string, what: string, instead: string): Json => ({
    ...structuredClone(base),
    required: [...(base.required as string[]), who, what],
    properties: { ...(base.properties as Json), [other]: false, [instead]: false },
  });
  at(d, '/components/schemas').CreateSubscriptionRequest = {
    oneOf: [
      shape('customer', 'customerId', 'variantId', 'plan'), shape('customer', 'customerId', 'plan', 'variantId'),
      shape('customerId', 'customer', 'variantId', 'plan'), shape('customerId', 'customer', 'plan', 'variantId'),
    ],
  };
}

describe('the breaking-change gate', () => {
  it.each(BREAKING)('fails on %s, naming the place', (_name, edit, expected) => {
    const result = gate(released, edited(edit));
    expect(result.passed).toBe(false);
    expect(matching(result.breaking, expected), JSON.stringify(result.breaking, null, 1)).toHaveLength(1);
  });

  it.each(BREAKING)('passes %s when info.version is a new major', (_name, edit, expected) => {
    const result = gate(released, edited(edit, '2.0.0'));
    expect(result).toMatchObject({ passed: true, newMajor: true, releasedVersion: '1.0.0', currentVersion: '2.0.0' });
    expect(matching(result.breaking, expected)).toHaveLength(1);
  });

  it('names the first operation using a changed component', () => {
    const [change] = gate(released, edited(BREAKING[20]![1])).breaking;
    expect(change?.usedBy).toBe('webhook transaction.created');
  });
});

const ADDITIVE: [string, (doc: Json) => void, Expected | null][] = [
  ['a new operation', (d) => {
    at(d, '/paths')['/v1/customers/{customerId}/notes'] = { get: { ...at(d, '/paths/~1v1~1customers~1{customerId}/get'), operationId: 'listCustomerNotes' } };
  }, { location: 'GET /v1/customers/{customerId}/notes', message: /^new operation$/ }],
  ['a new optional request field', (d) => { props(d, 'CreateCustomerRequest').nickname = { type: 'string', maxLength: 50 }; },
    { location: '#/components/schemas/CreateCustomerRequest/properties/nickname', message: /new optional field "nickname"/ }],
  ['a new optional query parameter', (d) => {
    list(d, '/paths/~1v1~1customers/get/parameters').push({ name: 'country', in: 'query', schema: { type: 'string' } });
  }, { location: 'GET /v1/customers #/parameters/query/country', message: /new optional parameter query "country"/ }],
  ['a new response field', (d) => {
    props(d, 'Customer').nickname = { type: ['string', 'null'] };
    list(d, '/components/schemas/Customer/required').push('nickname');
  }, { location: '#/components/schemas/Customer/properties/nickname', message: /new field "nickname"/ }],
  ['a new enum value in a request', (d) => { list(d, '/components/schemas/CreateRefundRequest/properties/reason/enum').push('expired_card'); },
    { location: '#/components/schemas/CreateRefundRequest/properties/reason', message: /new accepted value "expired_card"/ }],
  ['a new event type', (d) => {
    at(d, '/webhooks')['transaction.expired'] = structuredClone(at(d, '/webhooks/transaction.approved'));
    list(d, '/components/schemas/WebhookEventType/enum').push('transaction.expired');
  }, { location: 'webhook transaction.expired', message: /^new event type$/ }],
  ['a new error code', (d) => { list(d, '/components/schemas/ErrorCode/enum').push('cardExpired'); },
    { location: '#/components/schemas/ErrorCode', message: /new value "cardExpired"/ }],
  ['a loosened maxLength', (d) => { at(props(d, 'CreateCustomerRequest'), '/firstName').maxLength = 200; },
    { location: '#/components/schemas/CreateCustomerRequest/properties/firstName', message: /looser: maxLength 100 → 200/ }],
  ['a not rule added to an answer', (d) => { schema(d, 'Customer').not = { required: ['deletedAt'] }; },
    { location: '#/components/schemas/Customer', message: /^new "not" rule .*: what is sent is narrowed$/ }],
  ['a new server', (d) => { list(d, '/servers').push({ url: 'https://sandbox.example.com' }); },
    { location: '#/servers', message: /^new server https:\/\/sandbox\.example\.com$/ }],
  ['a fifth request shape disjoint from the others: it requires a field each other shape refuses', (d) => {
    spellOutSubscription(d);
    list(d, '/components/schemas/CreateSubscriptionRequest/oneOf').push(
      fifthShape(['checkoutSessionId', 'payment'], { checkoutSessionId: { type: 'string' } }));
  }, { location: '#/components/schemas/CreateSubscriptionRequest', message: /^new accepted alternative object$/ }],
];

const UNCHANGED: [string, (doc: Json) => void][] = [
  ['descriptions, summaries and examples', (d) => {
    at(d, '/info').description = 'Rewritten.';
    at(d, '/paths/~1v1~1customers/post').summary = 'Make a customer';
    Object.assign(at(props(d, 'Customer'), '/email'), { description: 'Where we write.', example: 'ana@example.com' });
  }],
  ['a nullable field spelled with oneOf instead of a type list', (d) => {
    props(d, 'CreateCustomerRequest').birthdate = { oneOf: [{ type: 'string', format: 'date' }, { type: 'null' }] };
  }],
  ['a default added to a request parameter', (d) => { at(d, '/components/parameters/DateRange/schema').default = '2024-01-01'; }],
  ['a default in an answer', (d) => { at(props(d, 'Customer'), '/delinquent').default = false; }],
  ['a $ref with only a description beside it', (d) => {
    at(d, '/paths/~1v1~1customers/post/requestBody/content/application~1json').schema = {
      $ref: '#/components/schemas/CreateCustomerRequest', description: 'The customer to create.' };
  }],
  ['request choices spelled out as the closed shapes they allow', spellOutSubscription],
  ['the same shapes in another order', (d) => { spellOutSubscription(d); list(d, '/components/schemas/CreateSubscriptionRequest/oneOf').reverse(); }],
  ['size formats that refuse nothing: int64 on any integer, int32 within its bounds', (d) => {
    at(props(d, 'CreateWithdrawalRequest'), '/amount').format = 'int64';
    at(d, '/components/parameters/Limit/schema').format = 'int32';
    at(props(d, 'Transaction'), '/amount').format = 'int64';
  }],
  ['a path parameter renamed', (d) => {
    const paths = at(d, '/paths');
    paths['/v1/customers/{id}'] = paths['/v1/customers/{customerId}'];
    delete paths['/v1/customers/{customerId}'];
    at(d, '/components/parameters/CustomerId').name = 'id';
  }],
];

describe('additive changes', () => {
  it.each(ADDITIVE)('pass: %s', (_name, edit, expected) => {
    const result = gate(released, edited(edit));
    expect(result.breaking).toEqual([]);
    expect(result.passed).toBe(true);
    if (expected) expect(matching(result.additive, expected), JSON.stringify(result.additive, null, 1)).toHaveLength(1);
  });

  it.each(UNCHANGED)('%s change nothing', (_name, edit) => {
    expect(findChanges(released, edited(edit))).toEqual([]);
  });

  it('the current spec passes against the released contract: its new operation is additive', () => {
    const result = gate(released, read('generated/openapi.json'));
    expect(result.breaking).toEqual([]);
    expect(result.additive).toContainEqual(expect.objectContaining({ rule: 'operation-added', location: 'GET /v1/sandbox/events/stream' }));
  });

  it('the current spec with a fifth CreateSubscriptionRequest branch: breaking when it overlaps the four, additive when disjoint', () => {
    const withFifth = (branch: Json) => {
      const doc = structuredClone(read('generated/openapi.json'));
      list(doc, '/components/schemas/CreateSubscriptionRequest/oneOf').push(branch);
      return doc;
    };
    const overlapping = gate(released, withFifth(fifthShape(['customer', 'payment'])));
    expect(overlapping.passed).toBe(false);
    expect(overlapping.breaking).toEqual([expect.objectContaining({ rule: 'alternative-overlapping',
      location: '#/components/schemas/CreateSubscriptionRequest/oneOf/4', usedBy: 'POST /v1/subscriptions' })]);
    const disjoint = gate(released, withFifth(fifthShape(['checkoutSessionId', 'payment'], { checkoutSessionId: { type: 'string' } })));
    expect(disjoint.breaking).toEqual([]);
    expect(disjoint.additive).toContainEqual(expect.objectContaining({ rule: 'alternative-added', location: '#/components/schemas/CreateSubscriptionRequest' }));
  });
});

/** A document whose one operation answers `schemas.Answer`. */
function tiny(schemas: Json): Json {
  const answer = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Answer' } } } };
  return { openapi: '3.1.0', info: { title: 't', version: '1.0.0' }, paths: { '/v1/a': { get: { responses: { 200: answer } } } },
    components: { schemas } };
}

describe('schemas compared structurally', () => {
  const payment = (variants: string[], card: Json) => tiny({
    Answer: { oneOf: variants.map((v) => ({ $ref: `#/components/schemas/${v}` })),
      discriminator: { propertyName: 'method', mapping: Object.fromEntries(variants.map((v) => [v.toLowerCase(), `#/components/schemas/${v}`])) } },
    Pix: { type: 'object', required: ['method', 'qrCode'], properties: { method: { const: 'pix' }, qrCode: { type: 'string' } } },
    Card: card,
    Billet: { type: 'object', required: ['method'], properties: { method: { const: 'billet' } } },
  });
  const card = { type: 'object', required: ['method', 'brand'], properties: { method: { const: 'card' }, brand: { type: 'string' } } };

  it('matches oneOf branches by discriminator value, whatever their order', () => {
    const changes = findChanges(payment(['Pix', 'Card'], card),
      payment(['Billet', 'Card', 'Pix'], { ...card, required: ['method'], properties: { method: { const: 'card' } } }));
    expect(changes.map((c) => [c.severity, c.location, c.message])).toEqual([
      ['breaking', '#/components/schemas/Card/properties/brand', 'field "brand" removed'],
      ['additive', '#/components/schemas/Answer', 'new variant billet (clients ignore variants they do not know)'],
    ]);
  });

  it('finds a response variant removed', () => {
    const changes = findChanges(payment(['Pix', 'Card'], card), payment(['Card'], card));
    expect(changes).toEqual([expect.objectContaining({ severity: 'breaking', message: 'variant pix removed', usedBy: 'GET /v1/a' })]);
  });

  it('follows a recursive schema once and still finds the change inside it', () => {
    const tree = (nameType: string) => tiny({
      Answer: { type: 'object', properties: { name: { type: nameType }, children: { type: 'array', items: { $ref: '#/components/schemas/Answer' } } } },
    });
    expect(findChanges(tree('string'), tree('integer'))).toEqual([
      expect.objectContaining({ severity: 'breaking', location: '#/components/schemas/Answer/properties/name', message: 'may now be integer' }),
    ]);
  });
});

/** A document whose one operation takes `schemas.Answer` as its request body. */
function asked(schemas: Json): Json {
  const body = { content: { 'application/json': { schema: { $ref: '#/components/schemas/Answer' } } } };
  return { ...tiny(schemas), paths: { '/v1/a': { post: { requestBody: body, responses: { 204: { description: 'done' } } } } } };
}

describe('a new branch of a oneOf in a request must be disjoint from the others', () => {
  const kinds = (...branches: Json[]) => ({ Answer: { oneOf: branches } });
  const kind = (value: Json, more: Json = {}): Json =>
    ({ type: 'object', required: ['kind'], properties: { kind: value, note: { type: 'string' } }, ...more });
  const found = (changes: Change[]) => changes.map((c) => [c.severity, c.rule, c.location]);
  const before = kinds(kind({ const: 'a' }), kind({ const: 'b' }));

  it('is additive when its const differs from every other branch, breaking when an enum of it shares a value', () => {
    expect(found(findChanges(asked(before), asked(kinds(kind({ const: 'a' }), kind({ const: 'b' }), kind({ enum: ['c', 'd'] })))))).toEqual([
      ['additive', 'alternative-added', '#/components/schemas/Answer'],
    ]);
    expect(found(findChanges(asked(before), asked(kinds(kind({ const: 'a' }), kind({ const: 'b' }), kind({ enum: ['c', 'b'] })))))).toEqual([
      ['breaking', 'alternative-overlapping', '#/components/schemas/Answer/oneOf/2'],
    ]);
  });

  it('is breaking when nothing tells it apart (a branch that leaves the tag free, a branch of no type)', () => {
    const untagged = { type: 'object', properties: { note: { type: 'string' } } };
    expect(found(findChanges(asked(before), asked(kinds(kind({ const: 'a' }), kind({ const: 'b' }), untagged))))).toEqual([
      ['breaking', 'alternative-overlapping', '#/components/schemas/Answer/oneOf/2'],
    ]);
    expect(found(findChanges(asked(before), asked(kinds(kind({ const: 'a' }), kind({ const: 'b' }), { required: ['note'] }))))).toEqual([
      ['breaking', 'alternative-overlapping', '#/components/schemas/Answer/oneOf/2'],
    ]);
  });

  it('is additive when its type is one no other branch has', () => {
    expect(found(findChanges(asked(before), asked(kinds(kind({ const: 'a' }), kind({ const: 'b' }), { type: 'string' }))))).toEqual([
      ['additive', 'alternative-added', '#/components/schemas/Answer'],
    ]);
  });

  it('may overlap in an anyOf, which a body may match several branches of, and in an answer', () => {
    const anyOf = (...branches: Json[]) => ({ Answer: { anyOf: branches } });
    expect(found(findChanges(asked(anyOf(kind({ const: 'a' }))), asked(anyOf(kind({ const: 'a' }), { type: 'object' }))))).toEqual([
      ['additive', 'alternative-added', '#/components/schemas/Answer'],
    ]);
    const tagged = (...branches: Json[]) => ({ Answer: { ...kinds(...branches).Answer, discriminator: { propertyName: 'kind' } } });
    expect(found(findChanges(tiny(tagged(kind({ const: 'a' }))), tiny(tagged(kind({ const: 'a' }), kind({ enum: ['a', 'b'] })))))).toEqual([
      ['additive', 'variant-added', '#/components/schemas/Answer'],
    ]);
  });
});

describe('opaque rules (not, if/then/else, contains, prefixItems, …), compared as a whole', () => {
  const answer = (rules: Json) => ({ Answer: { type: 'object', properties: { tags: { type: 'array', items: { type: 'string' } } }, ...rules } });
  const found = (changes: Change[]) => changes.map((c) => [c.severity, c.location, c.message]);
  const contains = { contains: { const: 'vip' } };
  const otherContains = { contains: { const: 'gold' } };

  it('a changed rule breaks in both directions; a removed one breaks only an answer', () => {
    expect(found(findChanges(asked(answer(contains)), asked(answer(otherContains))))).toEqual([['breaking', '#/components/schemas/Answer',
      '"contains" rule changed from {"const":"vip"} to {"const":"gold"}: requests it accepted may now be refused']]);
    expect(found(findChanges(tiny(answer(contains)), tiny(answer(otherContains))))).toEqual([['breaking', '#/components/schemas/Answer',
      '"contains" rule changed from {"const":"vip"} to {"const":"gold"}: what is sent may no longer meet the old rule']]);
    expect(found(findChanges(tiny(answer(contains)), tiny(answer({}))))).toEqual([['breaking', '#/components/schemas/Answer',
      '"contains" rule {"const":"vip"} removed: what is sent is no longer bound by it']]);
    expect(found(findChanges(asked(answer(contains)), asked(answer({}))))).toEqual([['additive', '#/components/schemas/Answer',
      '"contains" rule {"const":"vip"} removed: more is accepted']]);
  });

  it('reads a rule through its $refs and ignores its descriptions', () => {
    const viaRef = (description: string) => ({ ...answer({ not: { $ref: '#/components/schemas/Banned' } }),
      Banned: { description, required: ['tags'] } });
    expect(findChanges(asked(answer({ not: { required: ['tags'] } })), asked(viaRef('No tags.')))).toEqual([]);
    expect(findChanges(asked(viaRef('No tags.')), asked(viaRef('Tags are refused.')))).toEqual([]);
    const changed = { ...viaRef('No tags.'), Banned: { required: ['name'] } };
    expect(found(findChanges(asked(viaRef('No tags.')), asked(changed)))).toEqual([['breaking', '#/components/schemas/Answer',
      '"not" rule changed from {"required":["tags"]} to {"required":["name"]}: requests it accepted may now be refused']]);
  });

  it('compares a rule and a default beside a $ref to the schema holding it, without looping', () => {
    const tree = (child: Json) => asked({ Answer: { type: 'object', properties: { name: { type: 'string' }, child } } });
    const ref = { $ref: '#/components/schemas/Answer' };
    expect(findChanges(tree(ref), tree({ ...ref, default: { name: 'root' } }))).toEqual([]);
    expect(found(findChanges(tree({ ...ref, default: { name: 'a' } }), tree({ ...ref, default: { name: 'b' }, not: { required: ['name'] } })))).toEqual([
      ['breaking', '#/components/schemas/Answer/properties/child', 'default changed from {"name":"a"} to {"name":"b"}: requests that omit it now get {"name":"b"}'],
      ['breaking', '#/components/schemas/Answer/properties/child', 'new "not" rule {"required":["name"]}: requests it accepted may now be refused'],
    ]);
  });
});

describe('npm run check:breaking', () => {
  const dir = mkdtempSync(join(tmpdir(), 'check-breaking-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const run = (current: Json) => {
    const [releasedFile, currentFile] = [join(dir, 'released.json'), join(dir, 'current.json')];
    writeFileSync(releasedFile, JSON.stringify(released));
    writeFileSync(currentFile, JSON.stringify(current));
    return new Promise<{ code: number; stdout: string }>((done) => {
      execFile(resolve(root, 'node_modules/.bin/tsx'), [resolve(root, 'scripts/check-breaking.ts'), releasedFile, currentFile],
        { cwd: dir }, (err, stdout) => done({ code: err ? Number(err.code) : 0, stdout }));
    });
  };

  it('exits 1 listing the breaking changes', async () => {
    const { code, stdout } = await run(edited(BREAKING[1]![1]));
    expect(code).toBe(1);
    expect(stdout).toContain('  #/components/schemas/Customer/properties/email: field "email" removed (used by POST /v1/customers)');
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^check:breaking: 1 breaking change: \/v1 is additive-only\. Undo it, .*info\.version 2\.0\.0/);
  });

  it('adds a note for a local server no longer listed', async () => {
    const { code, stdout } = await run(edited((d) => { list(d, '/servers').pop(); }));
    expect(code).toBe(0);
    expect(stdout).toBe('check:breaking: OK, no breaking change against the released contract 1.0.0 (released.json); nothing additive; ' +
      'note: local server http://localhost:4010 no longer listed.\n');
  });

  it('prints one OK line for additive changes', async () => {
    const { code, stdout } = await run(edited(ADDITIVE[0]![1]));
    expect(code).toBe(0);
    expect(stdout).toBe('check:breaking: OK, no breaking change against the released contract 1.0.0 (released.json); 1 additive (1 new operation).\n');
  });
});
