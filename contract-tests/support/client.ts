/**
 * The typed client of `client/` with one more middleware: every answer is checked against the contract
 * (`checkResponse`) and recorded for the coverage report. An answer outside the contract makes the call throw a
 * `ContractViolation`, so the test that made it fails where it made it.
 */
import { createPaymentsClient, type PaymentsClient } from '../../client/src/index';
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

/** A typed client whose every answer must keep the contract. */
export function contractClient(baseUrl: string, apiKey: string, fetch?: typeof globalThis.fetch): PaymentsClient {
  const client = createPaymentsClient({ baseUrl, apiKey, ...(fetch ? { fetch } : {}) });
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
