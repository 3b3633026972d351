import { describe, expect, it } from 'vitest';
import { bankMessageLabel } from '../../../main/core/sync/bank-message-checks';
import { receiverInfoXml } from '../../../sandbox/domain/bank-content';

const biller = { name: 'Laskuttaja Oy', business_id: '1234567-8' };
const consumer = {
  name: 'Aino Virtanen',
  street: 'Rantatie 1',
  postCode: '00100',
  town: 'HELSINKI',
  iban: 'FI2112345600000785',
  bic: 'NDEAFIHH',
  customerNumber: '12345678',
};

// The list's "Message type" column is read from the message itself: the service lists ids only.
describe('bankMessageLabel', () => {
  it('reads a receiver notification and its action from the Finvoice bytes', () => {
    const at = '2026-12-01T10:00:00Z';
    expect(bankMessageLabel(Buffer.from(receiverInfoXml(biller, consumer, at, 'ri-1')))).toBe('RI ADD');
    expect(bankMessageLabel(Buffer.from(receiverInfoXml(biller, consumer, at, 'ri-2', 'DEL')))).toBe('RI DEL');
  });
  it('has none for what is not a bank message', () => {
    expect(bankMessageLabel(Buffer.from('<Finvoice/>'))).toBeNull();
    expect(bankMessageLabel(Buffer.from('not xml'))).toBeNull();
  });
});
