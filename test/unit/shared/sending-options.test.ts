import { describe, expect, it } from 'vitest';
import { invoiceUploadFieldsSchema } from '../../../shared/schemas/invoice';
import { checkSendingOptions, OPTION_VALUES } from '../../../shared/schemas/sending-options';

// A folder's options become form fields of every upload from it: a value the upload's schema (the one
// the sandbox serves) refuses, saved as an option, failed each file of the folder (issue 38).
describe('per-folder sending options', () => {
  it('offer only values the upload takes, each of them taken', () => {
    const one = (k: keyof typeof OPTION_VALUES, v: string) =>
      k === 'disabled_routes' || k === 'route_order'
        ? { [k]: [v], ...(k === 'route_order' ? { recipient_type: 'consumer' } : {}) }
        : { [k]: v };
    for (const [k, values] of Object.entries(OPTION_VALUES) as [keyof typeof OPTION_VALUES, readonly string[]][]) {
      for (const v of values) {
        const fields = one(k, v);
        expect(checkSendingOptions('Outbox/Invoices', fields), `${k}=${v}`).toEqual({ options: fields, fields: {} });
        expect(invoiceUploadFieldsSchema.safeParse(fields).success, `upload ${k}=${v}`).toBe(true);
      }
    }
  });

  it('refuse the values the service does not take, named at their field', () => {
    const { fields } = checkSendingOptions('Outbox/Invoices', {
      recipient_type: 'business',
      route_order: ['avtalegiro', 'einvoice'],
      disabled_routes: ['fax'],
      format: 'PDF',
      'print_settings[letter_class]': 'FIRST',
      'email_settings[xml_format]': 'ORIGINAL_IMAGE',
    });
    expect(Object.keys(fields).sort()).toEqual([
      'disabled_routes',
      'email_settings[xml_format]',
      'format',
      'print_settings[letter_class]',
      'recipient_type',
      'route_order',
    ]);
    expect(fields.recipient_type).toMatch(/consumer/);
  });
});
