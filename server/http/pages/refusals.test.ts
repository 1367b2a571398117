/** The payer's words for a refused payment: a link whose places are all held is "come back", not "closed". */
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../core/errors';
import { FULLY_RESERVED } from './messages';
import { refusalMessage } from './refusals';

const closed = (paymentLink: string) => new ApiError('unprocessableEntity', { resource: 'checkout', message: 'closed', params: [{ paymentLink }] });

describe('refusalMessage', () => {
  it('tells a payer refused because every place is held to come back, not that the link is closed', () => {
    expect(refusalMessage(closed('fullyReserved'), 10000)).toBe(FULLY_RESERVED);
    expect(refusalMessage(closed('soldOut'), 10000)).toBe('Este link de pagamento não aceita mais pagamentos.');
  });
});
