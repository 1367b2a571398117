/**
 * The addresses of the public pages payers open: a payment link's checkout and a charge's invoice page, QR code
 * image and printable billet. Built here only, from the service's public base address (`PUBLIC_BASE_URL`), so the
 * API's answers, the events and the pages agree. Tokens in them are random and unguessable; nothing else of the
 * merchant's appears in a public address.
 */
export interface PublicUrls {
  /** The checkout page of a payment link (`accessId`, `acc_…`). */
  checkout(accessId: string): string;
  /** The invoice page of one charge (its public token). */
  invoice(token: string): string;
  /** The PIX QR code of a charge, as a PNG. */
  pixQr(token: string): string;
  /** The printable billet of a charge, with its interleaved 2-of-5 barcode. */
  billet(token: string): string;
  /** The notification endpoint of a payment route (`/hooks/routes/{id}/{secret}`), as the route's PSP is given it. */
  notification(path: string): string;
}

export function publicUrls(base: string): PublicUrls {
  const root = base.replace(/\/+$/, '');
  return {
    checkout: (accessId) => `${root}/c/${accessId}`,
    invoice: (token) => `${root}/pay/${token}`,
    pixQr: (token) => `${root}/pay/${token}/qr.png`,
    billet: (token) => `${root}/pay/${token}/billet`,
    notification: (path) => `${root}${path}`,
  };
}
