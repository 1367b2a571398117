/**
 * Where an approved payer goes back to: the link's `successUrl` with the checkout session's id added as the query
 * parameter `checkoutSessionId` (the name of the transaction's and the events' field), the URL's own query and
 * fragment kept. The store matches the visit to its order by it; the address proves nothing (anyone can open it), so
 * the store confirms the payment by the `checkout.completed` / `transaction.approved` event or the API.
 */

export const RETURN_PARAM = 'checkoutSessionId';

/** The address to send the payer to, or null without a `successUrl` or for anything but an http(s) address. */
export function returnUrl(successUrl: string | null, sessionId: string | null): string | null {
  if (!successUrl) return null;
  let url: URL;
  try {
    url = new URL(successUrl);
  } catch {
    return null;
  }
  // Links are created with http(s) addresses only; a row that says otherwise is never followed.
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  // `set`, not `append`: a parameter of that name already in the URL would make the store read the wrong one.
  if (sessionId) url.searchParams.set(RETURN_PARAM, sessionId);
  return url.toString();
}
