/**
 * The testers' client: openapi-fetch typed by the contract, sending the key, with one more middleware: every answer
 * is checked against the contract (`checkResponse`) and recorded for the coverage report. An answer outside the
 * contract makes the call throw a `ContractViolation`, so the test that made it fails where it made it.
 *
 * It is not the partners' client (`client/`): that one retries, adds idempotency keys and unwraps errors, which would
 * hide from a contract test the very answer it checks. Answers come back as openapi-fetch gives them
 * (`{ data, error, response }`, `error` being the whole envelope).
 */
import createClient, { type Client } from 'openapi-fetch';
import type { paths } from '../../generated/schema';
import { routes, type OperationId } from '../../generated/operations';
import { recordCall } from './coverage';
import { checkResponse, ContractViolation, parseBody } from './validator';

const OPERATION_OF = new Map<string, OperationId>(routes.map((r) => [`${r.method.toUpperCase()} ${r.openapiPath}`, r.operationId]));

/** The operation a request of the typed client is for (its method and the spec path it was called with). */
export function operationOf(method: string, schemaPath: string): OperationId {
  const id = OPERATION_OF.get(`${method.toUpperCase()} ${schemaPath}`);
  if (!id) throw new Error(`no operation for ${method} ${schemaPath}`);
  return id;
}

export type PaymentsClient = Client<paths, 'application/json'>;

/** A client that sends `apiKey` on every request and whose every answer must keep the contract. */
export function contractClient(baseUrl: string, apiKey: string, fetch?: typeof globalThis.fetch): PaymentsClient {
  const client = createClient<paths>({ baseUrl: baseUrl.replace(/\/+$/, ''), ...(fetch ? { fetch } : {}) });
  client.use({
    onRequest({ request }) {
      request.headers.set('ServiceKey', apiKey);
      return request;
    },
  });
  client.use({
    async onResponse({ request, response, schemaPath }) {
      const operationId = operationOf(request.method, schemaPath);
      recordCall(operationId, response.status);
      if (/^text\/event-stream\b/i.test(response.headers.get('content-type') ?? '')) {
        // A stream does not end: its status and headers are checked here, its messages by the test that reads them.
        const problems = checkResponse(operationId, response.status, undefined, response.headers);
        if (problems.length > 0) throw new ContractViolation(operationId, response.status, problems, undefined);
        return undefined;
      }
      const text = await response.clone().text();
      let body: unknown;
      try {
        body = parseBody(text);
      } catch {
        throw new ContractViolation(operationId, response.status, ['the body is not JSON'], text);
      }
      const problems = checkResponse(operationId, response.status, body, response.headers);
      if (problems.length > 0) throw new ContractViolation(operationId, response.status, problems, body);
      return undefined;
    },
  });
  return client;
}
