import { describe, expect, it } from 'vitest';
import { bankMessageType } from '../../../main/core/sync/bank-message-checks';

const check = (s: string | Buffer) => bankMessageType(Buffer.isBuffer(s) ? s : Buffer.from(s));

describe('what counts as a bank message', () => {
  it('tells SI, RI and RP by their root, with or without a namespace prefix, a declaration or a BOM', () => {
    expect(check('<?xml version="1.0"?><!-- x --><FinvoiceSenderInfo Version="3.0"/>')).toEqual({ ok: true, type: 'SI' });
    expect(check('\uFEFF<fi:FinvoiceReceiverInfo xmlns:fi="urn:x"></fi:FinvoiceReceiverInfo>')).toEqual({ ok: true, type: 'RI' });
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<ReceiverProposal/>', 'utf16le')]);
    expect(check(utf16)).toEqual({ ok: true, type: 'RP' });
  });

  it('refuses in plain words what is not one', () => {
    expect(check('pay the rent')).toMatchObject({ ok: false, reason: expect.stringMatching(/not XML/) });
    expect(check('<!DOCTYPE x><FinvoiceSenderInfo/>')).toMatchObject({ ok: false, reason: expect.stringMatching(/DTD/) });
    expect(check('<FinvoiceSenderInfo><a></FinvoiceSenderInfo>')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/not well-formed/),
    });
    expect(check('<Finvoice/>')).toMatchObject({ ok: false, reason: expect.stringMatching(/root element Finvoice is not a bank message/) });
  });
});
