import { describe, expect, it } from 'vitest';
import { contentKey } from '../../../main/core/sync/service-key';

const SHA = 'a'.repeat(64);

describe('contentKey: the key a file is sent under, from what it is and where it was dropped', () => {
  it('is the same for the same account, folder and content, whatever the database remembers', () => {
    expect(contentKey('acc-1', 'Outbox/Invoices/a.xml', SHA)).toBe(contentKey('acc-1', 'Outbox/Invoices/a.xml', SHA));
    // A name-based UUID (version 5, RFC 9562 variant): the service takes it as an invoice uuid.
    expect(contentKey('acc-1', 'Outbox/Invoices/a.xml', SHA)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it('differs by account, by folder and by content, but not by the file name within a folder', () => {
    const k = contentKey('acc-1', 'Outbox/Invoices/a.xml', SHA);
    expect(contentKey('acc-2', 'Outbox/Invoices/a.xml', SHA)).not.toBe(k);
    expect(contentKey('acc-1', 'Outbox/Invoices/client/a.xml', SHA)).not.toBe(k);
    expect(contentKey('acc-1', 'Outbox/Documents/ORDER/a.xml', SHA)).not.toBe(k);
    expect(contentKey('acc-1', 'Outbox/Invoices/a.xml', 'b'.repeat(64))).not.toBe(k);
    expect(contentKey('acc-1', 'Outbox/Invoices/renamed.xml', SHA)).toBe(k);
  });

  it('reads a Windows path and an upper-case hash as the same place and content', () => {
    expect(contentKey('acc-1', 'Outbox\\Invoices\\a.xml', SHA.toUpperCase())).toBe(contentKey('acc-1', 'Outbox/Invoices/a.xml', SHA));
  });

  it('stays what earlier runs sent (a changed derivation would send every queued file again)', () => {
    expect(contentKey('acc-1', 'Outbox/Invoices/a.xml', SHA)).toBe(contentKey('acc-1', 'Outbox/Invoices/b.xml', SHA));
    // Computed apart, with Python's uuid.uuid5 over the same namespace and name.
    expect(contentKey('00000000-0000-4000-8000-000000000001', 'Outbox/Invoices/x.xml', '0'.repeat(64))).toBe(
      'e46575d9-e33c-5180-97b6-4440c7f0ba49',
    );
  });
});
