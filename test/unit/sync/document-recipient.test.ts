import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fileRecipient } from '../../../main/core/sync/document-recipient';
import { order } from '../../support/document-groups';
import { FIXTURES } from '../../support/engine';

describe('the recipient a document file names', () => {
  it('reads the seller of an order as its recipient, with business id and country for the lookup', async () => {
    expect(fileRecipient(Buffer.from(await order(1)))).toEqual({
      eia: '0192:123456789',
      bid: '123456789',
      country: 'NO',
      namesOperator: false,
    });
  });

  it('reads the buyer of an order response, and tells that a Finvoice file names its operator itself', async () => {
    const response = await readFile(join(FIXTURES, 'documents/ORDER_RESPONSE_OrderResponse_Example.xml'));
    expect(fileRecipient(response).eia).toBe('0088:7590000012347');
    const finvoice = await readFile(join(FIXTURES, 'invoices/finvoice3/finvoice_30_example.xml'));
    expect(fileRecipient(finvoice).namesOperator).toBe(true);
  });

  it('finds nothing in a file that is no XML', () => {
    expect(fileRecipient(Buffer.from('%PDF-1.4\n'))).toEqual({ eia: null, bid: null, country: null, namesOperator: false });
  });
});
