-- The PIX QR code image is served by URL (`payment.pixQrCodeUrl`, drawn on request) and no longer inlined:
-- `pixQrCodeImage` is deprecated and always null. Clear the images already stored, in the transactions and in the
-- copies their events carry (a retried delivery sends the event as stored).
UPDATE transactions
   SET payment = jsonb_set(payment, '{pixQrCodeImage}', 'null'::jsonb)
 WHERE payment->>'pixQrCodeImage' IS NOT NULL;

UPDATE events
   SET payload = jsonb_set(payload, '{object,payment,pixQrCodeImage}', 'null'::jsonb)
 WHERE resource = 'transaction' AND payload #>> '{object,payment,pixQrCodeImage}' IS NOT NULL;
