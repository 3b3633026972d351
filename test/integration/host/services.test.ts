import { randomUUID } from 'node:crypto';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SupplierNotifyView, SupplierQueryView } from '../../../shared/bridge/commands';
import type { FolderOptionsView } from '../../../shared/schemas/sending-options';
import { FIXTURES } from '../../support/engine';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { overIpc } from './over-ipc';
import { failure, value } from './results';
import { type HostUnderTest, startHost } from './setup';

// Issue 12 items 4 to 7 through the real bridge over HTTP and the sandbox: scanning services,
// lookups, B2C Norway information and the outbox folders' sending options.

let sb: TestSandbox;
let h: HostUnderTest;
let accountId: string;
const DAY = 86_400_000;

const faults = (rules: unknown[]) => sb.call('/__sandbox/faults', { method: 'PUT', json: rules });

beforeAll(async () => {
  sb = await startTestSandbox();
  const company = await sb.company({ name: 'Skanner Oy' });
  // Two received invoices from a supplier that still sends paper (scanned) and one that sends e-invoices.
  for (const [name, origin] of [
    ['Paperi Oy', 'SCAN'],
    ['Paperi Oy', 'SCAN'],
    ['Sähkö Oy', 'EINVOICE'],
  ] as const) {
    const id = randomUUID();
    const at = new Date(Date.now() - 2 * DAY).toISOString();
    sb.ctx.store.table<Record<string, unknown> & { id: string }>('invoices').put({
      id,
      company_id: company.company_id,
      direction: 'RECEIVED',
      uuid: id,
      status: 'DELIVERED',
      number: id.slice(0, 8),
      reference: null,
      sender: { name, bid: name === 'Paperi Oy' ? '0737546-2' : '2223334-5', country: 'FI' },
      recipient: null,
      received_at: at,
      created_at: at,
      date: at.slice(0, 10),
      date_due: null,
      source_format: origin === 'SCAN' ? null : 'PEPPOLBIS30',
      sum: 100,
      sum_tax: 24,
      currency: 'EUR',
      origin,
      destination: null,
    });
  }
  h = await startHost(sb, company);
  accountId = h.te.account.id;
});
afterAll(async () => {
  await h?.close();
  await sb?.close();
});

describe('scanning services', () => {
  it('autoscan: off, on with a return e-mail and features, off again', async () => {
    expect(value(await h.call('scanning.autoscan.get', { accountId }))).toMatchObject({ enabled: false });
    const on = value(
      await h.call('scanning.autoscan.set', { accountId, returnEmail: 'ap@skanner.example', features: { line_items: true } }),
    );
    expect(on).toMatchObject({
      enabled: true,
      return_email_address: 'ap@skanner.example',
      features: { line_items: true, attachments: false },
    });
    expect(failure(await h.call('scanning.autoscan.set', { accountId, returnEmail: 'nope' }))).toMatchObject({
      kind: 'invalid',
      fields: { returnEmail: expect.any(String) },
    });
    expect(value(await h.call('scanning.autoscan.disable', { accountId }))).toEqual({ disabled: true });
    expect(value(await h.call('scanning.autoscan.get', { accountId }))).toMatchObject({ enabled: false });
  });

  it('a 503 comes back as a retry failure with its status (the page says: temporarily unavailable, try again)', async () => {
    await faults([{ action: 'error', status: 503, path: '^/v1/services/autoscan$' }]);
    try {
      expect(failure(await h.call('scanning.autoscan.get', { accountId }))).toMatchObject({ kind: 'retry', status: 503 });
    } finally {
      await sb.call('/__sandbox/faults', { method: 'DELETE' });
    }
  });

  it('scan service: none, opened with a return address, changed, closed', async () => {
    expect(value(await h.call('scanning.scan.get', { accountId }))).toBeNull();
    const opened = value(
      await h.call('scanning.scan.save', {
        accountId,
        returnAddress: {
          email_address: 'post@skanner.example',
          postal_address: { street_name: 'Katu 1', extra_lines: ['PL 5'], city: 'Helsinki', post_code: '00100', country_code: 'FI' },
        },
      }),
    );
    expect(opened).toMatchObject({
      active: true,
      scan_email_address: expect.stringContaining('@'),
      return_address: { email_address: 'post@skanner.example', postal_address: { city: 'Helsinki', extra_lines: ['PL 5'] } },
    });
    const changed = value(
      await h.call<{ return_address: unknown }>('scanning.scan.save', { accountId, returnAddress: { postal_address: { city: 'Espoo' } } }),
    );
    expect(changed.return_address).toMatchObject({
      email_address: 'post@skanner.example',
      postal_address: { city: 'Espoo', street_name: 'Katu 1' },
    });
    expect(value(await h.call('scanning.scan.get', { accountId }))).toMatchObject({ active: true });
    expect(value(await h.call('scanning.scan.close', { accountId }))).toEqual({ closed: true });
    expect(value(await h.call('scanning.scan.get', { accountId }))).toBeNull();
  });

  it('supplier query (at most one month back) and notifications with failures per supplier', async () => {
    value(await h.call('scanning.scan.save', { accountId, returnAddress: { email_address: 'post@skanner.example' } }));
    const q = value(await h.call<SupplierQueryView>('scanning.suppliers.query', { accountId }));
    expect(q.suppliers.map((s) => [s.name, s.scanned_invoices, s.einvoices])).toEqual(expect.arrayContaining([['Paperi Oy', 2, 0]]));
    const tooOld = new Date(Date.now() - 40 * DAY).toISOString().slice(0, 10);
    expect(failure(await h.call('scanning.suppliers.query', { accountId, since: tooOld }))).toMatchObject({ kind: 'skip', status: 400 });

    // 409 until the company has its own e-mail in its settings.
    const suppliers = [{ name: 'Paperi Oy', business_id: '0737546-2', email: 'sales@paperi.example' }, { name: 'No Contact Oy' }];
    expect(failure(await h.call('scanning.suppliers.notify', { accountId, suppliers }))).toMatchObject({ status: 409 });
    sb.ctx.store
      .table<{ id: string; sections: unknown }>('company_settings')
      .put({ id: h.company.company_id, sections: { details: { name: 'Skanner Oy', email: 'ap@skanner.example' } } });
    const r = value(await h.call<SupplierNotifyView>('scanning.suppliers.notify', { accountId, suppliers }));
    expect(r.notified).toBe(1);
    expect(r.failures).toEqual([
      expect.objectContaining({ index: 1, name: 'No Contact Oy', reason: expect.stringMatching(/email or eia/) }),
    ]);
    const after = value(await h.call<SupplierQueryView>('scanning.suppliers.query', { accountId, includeNotified: true }));
    expect(after.suppliers.find((s) => s.name === 'Paperi Oy')).toMatchObject({ notified: true });
  });
});

describe('SCAN network registration settings', () => {
  it('lists the SCAN registrations and saves their network_settings (merged by the service, checked per field)', async () => {
    expect(value(await h.call('scanning.registrations.list', { accountId }))).toEqual([]);
    const token = await sb.token(h.company);
    const made = await sb.call('/v1/company/profiles', { token, method: 'POST', json: { network: 'SCAN' } });
    expect(made.status).toBe(201);
    const [reg] = value(await h.call<{ id: string; network: string }[]>('scanning.registrations.list', { accountId }));
    expect(reg).toMatchObject({ network: 'SCAN' });
    const settings = {
      return_email: 'scan@skanner.example',
      return_address: { street_address: 'Katu 1', post_code: '00100', post_office: 'Helsinki' },
      other_docs: true,
    };
    const saved = value(await h.call<{ network_settings: unknown }>('scanning.registrations.save', { accountId, id: reg?.id, settings }));
    expect(saved.network_settings).toEqual(settings);
    expect(
      failure(await h.call('scanning.registrations.save', { accountId, id: reg?.id, settings: { return_email: 'nope' } })),
    ).toMatchObject({
      kind: 'invalid',
    });
  });
});

describe('authorization options', () => {
  it('company.authorization.send carries the partner’s KYC proof as the JSON string the service takes; not JSON is refused', async () => {
    await sb.call(`/__sandbox/companies/${h.company.company_id}/authorization`, { method: 'POST', json: { auth_state: 'NONE' } });
    const options = JSON.stringify({ provider: 'OwnKyc', reference: 'K-1' });
    expect(
      failure(await h.call('company.authorization.send', { accountId, authEmail: 'signer@example.com', locale: 'fi', options: '[1]' })),
    ).toMatchObject({
      kind: 'invalid',
      fields: { options: expect.any(String) },
    });
    value(await h.call('company.authorization.send', { accountId, authEmail: 'signer@example.com', locale: 'fi', options }));
    const row = sb.ctx.store.table<{ id: string; options: string | null }>('company_authorization_requests').get(h.company.company_id);
    expect(row?.options).toBe(options);
  });
});

describe('lookups', () => {
  it('receivers by business id and by e-invoice address, with their document types', async () => {
    const byBid = value(
      await h.call<{ items: { eia: string; document_types?: unknown[] }[] }>('lookup.receivers', { accountId, bid: '1234567-8' }),
    );
    expect(byBid.items.length).toBeGreaterThan(0);
    expect(byBid.items[0]?.document_types?.length).toBeGreaterThan(0);
    const eia = byBid.items[0]?.eia ?? '';
    const byEia = value(
      await h.call<{ items: { eia: string }[] }>('lookup.receivers', { accountId, eia, networks: ['PEPPOL', 'EXTERNAL'] }),
    );
    expect(byEia.items.map((r) => r.eia)).toContain(eia);
    expect(failure(await h.call('lookup.receivers', { accountId }))).toMatchObject({ kind: 'invalid' });
    expect(failure(await h.call('lookup.receivers', { accountId, eia: 'not-an-address' }))).toMatchObject({
      kind: 'invalid',
      fields: { eia: expect.any(String) },
    });
  });

  it('endpoints of at most 10 business ids; the 11th is refused before sending', async () => {
    const found = value(await h.call<{ business_id: string }[]>('lookup.endpoints', { accountId, businessIds: ['1234567-8'] }));
    expect(found[0]).toMatchObject({ business_id: '1234567-8' });
    const eleven = Array.from({ length: 11 }, (_, i) => `900000${i}-1`);
    expect(failure(await h.call('lookup.endpoints', { accountId, businessIds: eleven }))).toMatchObject({
      kind: 'invalid',
      fields: { businessIds: expect.stringMatching(/10/) },
    });
  });

  it('Norwegian consumers: found with their routes, or null', async () => {
    const c = value(await h.call<{ routes: unknown[] } | null>('lookup.consumer', { accountId, phoneNumber: '+4791234567' }));
    const nobody = value(await h.call('lookup.consumer', { accountId, email: 'unknown@example.no' }));
    expect(nobody).toBeNull();
    if (c) expect(c.routes.length).toBeGreaterThan(0);
    expect(failure(await h.call('lookup.consumer', { accountId, firstName: 'Ola' }))).toMatchObject({ kind: 'invalid' });
  });
});

describe('B2C Norway and sending options', () => {
  it('norway.b2cno answers the agreement information', async () => {
    expect(value(await h.call('norway.b2cno', { accountId }))).toMatchObject({
      efaktura: { enabled: expect.any(Boolean) },
      avtalegiro: { enabled: false, agreements: 0 },
    });
  });

  it('sendingOptions: Invoices listed first, consumer fields saved and checked per field, the upload takes them', async () => {
    const list = value(await h.call<FolderOptionsView[]>('sendingOptions.list', { accountId }));
    expect(list[0]).toMatchObject({ folder: 'Outbox/Invoices', options: {} });
    expect(list[0]?.fields).toEqual(
      expect.arrayContaining(['recipient_phone_number', 'recipient_ssn', 'b2cno_document_type', 'route_order']),
    );
    const options = {
      recipient_type: 'consumer',
      recipient_phone_number: '+4791234567',
      recipient_date_of_birth: '1980-12-31',
      route_order: ['efaktura', 'print'],
      'print_settings[color]': true,
      sender_comment: '',
    };
    const saved = value(await h.call<FolderOptionsView>('sendingOptions.set', { accountId, folder: 'Outbox/Invoices', options }));
    expect(saved.options).toEqual({
      recipient_type: 'consumer',
      recipient_phone_number: '+4791234567',
      recipient_date_of_birth: '1980-12-31',
      route_order: ['efaktura', 'print'],
      'print_settings[color]': true,
    });
    expect(h.te.engine.store.folderOptions.get(accountId, 'Outbox/Invoices')).toEqual(saved.options);
    const bad = failure(
      await h.call('sendingOptions.set', {
        accountId,
        folder: 'Outbox/Invoices',
        options: { recipient_phone_number: '0401234567', recipient_name: 'x', route_order: ['pigeon'] },
      }),
    );
    expect(bad).toMatchObject({ kind: 'invalid' });
    expect(Object.keys(bad.fields ?? {}).sort()).toEqual(['recipient_name', 'recipient_phone_number', 'route_order']);
    expect(failure(await h.call('sendingOptions.set', { accountId, folder: 'Inbox', options: {} }))).toMatchObject({ kind: 'invalid' });
    const doc = value(
      await h.call<FolderOptionsView>('sendingOptions.set', {
        accountId,
        folder: 'Outbox/Documents/ORDER',
        options: { recipient_country: 'SE' },
      }),
    );
    expect(doc.fields).toContain('recipient_name');
    const both = value(await h.call<FolderOptionsView[]>('sendingOptions.list', { accountId }));
    expect(both.map((f) => f.folder)).toEqual(['Outbox/Invoices', 'Outbox/Documents/ORDER']);
    value(await h.call('sendingOptions.set', { accountId, folder: 'Outbox/Documents/ORDER', options: {} }));
    expect(h.te.engine.store.folderOptions.get(accountId, 'Outbox/Documents/ORDER')).toBeUndefined();
  });
  it('an invoice dropped into Outbox/Invoices goes out with the folder’s consumer fields', async () => {
    const options = {
      recipient_type: 'consumer',
      recipient_phone_number: '+4791234567',
      recipient_date_of_birth: '1980-12-31',
      recipient_efaktura_id: '123456789',
      b2cno_document_type: 'reminder',
      route_order: ['efaktura', 'print'],
      prevent_routing: true,
    };
    value(await h.call('sendingOptions.set', { accountId, folder: 'Outbox/Invoices', options }));
    const xml = await readFile(join(FIXTURES, 'invoices', 'peppol-bis3', 'base-example.xml'));
    await writeFile(join(h.te.root, 'Outbox', 'Invoices', 'consumer.xml'), xml);
    const sentRows = () =>
      sb.ctx.store
        .table<{ id: string; company_id: string; direction: string; internal: { upload_fields?: Record<string, unknown> } }>('invoices')
        .filter((r) => r.company_id === h.company.company_id && r.direction === 'SENT');
    await vi.waitFor(
      async () => {
        await h.te.engine.syncOnce();
        expect(sentRows()).toHaveLength(1);
      },
      { timeout: 15_000, interval: 200 },
    );
    expect(sentRows()[0]?.internal.upload_fields).toMatchObject({
      recipient_type: 'consumer',
      recipient_phone_number: '+4791234567',
      recipient_date_of_birth: '1980-12-31',
      recipient_efaktura_id: '123456789',
      b2cno_document_type: 'reminder',
    });
  });
});

describe('the same commands over Electron IPC', () => {
  it('the invoke channel runs them through the real bridge, and refuses bad input before the engine', async () => {
    await overIpc(h, async (invoke) => {
      expect(value(await invoke('norway.b2cno', { accountId }))).toMatchObject({ avtalegiro: { enabled: false } });
      expect(value(await invoke('lookup.endpoints', { accountId, businessIds: ['1234567-8'] }))).toEqual([
        expect.objectContaining({ business_id: '1234567-8' }),
      ]);
      expect(value(await invoke('scanning.autoscan.get', { accountId }))).toMatchObject({ enabled: false });
      expect(value(await invoke('sendingOptions.list', { accountId }))).toEqual(
        expect.arrayContaining([expect.objectContaining({ folder: 'Outbox/Invoices' })]),
      );
      const tooMany = Array.from({ length: 11 }, (_, i) => `900000${i}-1`);
      expect(failure(await invoke('lookup.endpoints', { accountId, businessIds: tooMany }))).toMatchObject({ kind: 'invalid' });
    });
  });
});
