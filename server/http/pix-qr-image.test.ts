/**
 * `payment.pixQrCodeImage` of a PIX charge: null until the code is issued, then the data URL of its own BR Code,
 * drawn once by the job that issued it, and the same in every read and in the events that follow; null for the
 * other methods.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES, startTestService, type TestService } from '../testing/harness';
import { billetBody, cardBody, pixBody } from '../testing/payments';
import { scanDataUrl } from '../testing/png';
import { transactionsApi } from '../testing/transactions-api';

describe.each(ENGINES)('the inline PIX QR image on $name', (engine) => {
  let svc: TestService;
  const api = transactionsApi(() => svc);
  beforeAll(async () => {
    svc = await startTestService(engine);
  });
  afterAll(async () => svc?.close());

  const objectsOfEvents = async (id: string) =>
    (
      await svc.db.query<{ type: string; image: string | null }>(
        `SELECT type, payload #>> '{object,payment,pixQrCodeImage}' AS image FROM events WHERE resource_id = $1 ORDER BY created_at, id`,
        [id],
      )
    ).rows;

  it('is the issued BR Code drawn once, equal in GET and in the events after issuance', async () => {
    const id = await api.create(pixBody({ externalReference: 'qr-image-1' }));
    expect((await api.read(id)).payment.pixQrCodeImage).toBeNull();
    await svc.drain();
    const issued = await api.read(id);
    const image = issued.payment.pixQrCodeImage!;
    expect(image).toMatch(/^data:image\/png;base64,/);
    expect(scanDataUrl(image).text).toBe(issued.payment.pixQrCodeEmv);
    // Stored, not drawn per read: a second read is the same bytes.
    expect((await api.read(id)).payment.pixQrCodeImage).toBe(image);

    const paid = await api.act(id, 'pay');
    expect(paid.payment.pixQrCodeImage).toBe(image);
    const events = await objectsOfEvents(id);
    expect(events).toEqual([
      { type: 'transaction.created', image: null },
      { type: 'transaction.approved', image },
    ]);
  });

  it('is drawn by simulate pay when it issues the code itself, right after the 201', async () => {
    const id = await api.create(pixBody({ externalReference: 'qr-image-2' }));
    const paid = await api.act(id, 'pay');
    expect(paid.payment.pixQrCodeImage).toMatch(/^data:image\/png;base64,/);
    expect((await api.read(id)).payment.pixQrCodeImage).toBe(paid.payment.pixQrCodeImage);
  });

  it('is null for a billet and a card', async () => {
    const billet = await api.create(billetBody());
    const card = await api.create(cardBody());
    await svc.drain();
    expect((await api.read(billet)).payment.pixQrCodeImage).toBeNull();
    expect((await api.read(card)).payment.pixQrCodeImage).toBeNull();
  });
});
