import type { Invoice } from '../../../shared/schemas/invoice';

/** A received invoice record shaped as the service answers it, with an unknown field kept. */
export function invoice(id: string, over: Partial<Invoice> = {}): Invoice {
  return {
    id,
    status: 'DELIVERED',
    number: `INV-${id}`,
    reference: 'RF18 5390 0754 7034',
    sender: { eia: '0216:003712345678', bid: '1234567-8', name: 'Järvenpää Oy', country: 'FI' },
    recipient: { eia: '0192:987654321', bid: '987654321', name: 'Acme AS', country: 'NO' },
    received_at: '2025-01-10T08:00:00+02:00',
    created_at: '2025-01-10T07:59:00+02:00',
    date: '2025-01-09',
    date_due: '2025-02-08',
    sum: 1240,
    sum_tax: 240,
    currency: 'EUR',
    files: [{ id: 'f-1', filename: 'attachment.pdf', mimetype: 'application/pdf' }],
    future_field: { kept: true },
    ...over,
  };
}
