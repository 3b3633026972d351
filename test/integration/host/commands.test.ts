import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WRITER } from '../../../main/core/store/writer';
import type { ArchiveExportView, ArchiveVerifyView } from '../../../shared/bridge/archive';
import type {
  AccountStatusView,
  AccountView,
  GivenUpFileView,
  InvoiceDetail,
  InvoicePage,
  InvoiceTotals,
  ReorganizeView,
} from '../../../shared/bridge/views';
import { senderFolderName } from '../../../shared/inbox-layout';
import { startTestSandbox, type TestSandbox } from '../../support/sandbox';
import { value } from './results';
import { type HostUnderTest, receive, startHost } from './setup';

let sb: TestSandbox;
let h: HostUnderTest;
let accountId: string;
const received: Record<string, string> = {};

beforeAll(async () => {
  sb = await startTestSandbox();
  const company = await sb.company({ name: 'Host Test Oy' });
  received.finvoice = await receive(sb, company, 'finvoice3/finvoice_30_example.xml');
  received.cii = await receive(sb, company, 'en16931-cii/CII_example3.xml');
  received.ubl = await receive(sb, company, 'peppol-bis3/base-example.xml');
  h = await startHost(sb, company);
  accountId = h.te.account.id;
  // One full cycle mirrors the three invoices and downloads their files.
  const reports = await h.te.engine.syncOnce();
  expect([...reports.values()].every((r) => r.ok)).toBe(true);
});
afterAll(async () => {
  await h.close();
  await sb.close();
});

describe('accounts and sync over HTTP', () => {
  it('accounts.list and sync.status', async () => {
    expect(value(await h.call('accounts.list'))).toEqual([
      expect.objectContaining({ id: accountId, name: 'Test', environment: 'sandbox' }),
    ]);
    const [status] = value(await h.call<AccountStatusView[]>('sync.status'));
    expect(status).toMatchObject({ account: { id: accountId }, received: 3, downloadsPending: 0, queued: 0 });
    expect(status?.lastPoll).toMatch(/^\d{4}-/);
  });

  it('downloads.givenUp and downloads.fetchAgain: a file given up is counted, listed, and fetched again', async () => {
    const store = h.te.engine[WRITER];
    const [first] = store.invoiceFiles.listForInvoice(accountId, received.ubl as string);
    if (!first) throw new Error('no file row');
    // Given up as the tenth failed try leaves it.
    store.db
      .prepare("UPDATE invoice_files SET state = 'failed', attempts = 10, last_error = 'Tried 10 times' WHERE job_id = ?")
      .run(first.jobId);
    const [status] = value(await h.call<AccountStatusView[]>('sync.status'));
    expect(status).toMatchObject({ downloadsPending: 0, downloadsFailed: 1 });
    const listed = value(await h.call<GivenUpFileView[]>('downloads.givenUp', { accountId }));
    expect(listed).toEqual([
      expect.objectContaining({ table: 'invoiceFiles', jobId: first.jobId, itemId: received.ubl, error: 'Tried 10 times' }),
    ]);
    // A file is named within its account, and only one given up is fetched again.
    const file = { table: 'invoiceFiles', jobId: first.jobId };
    expect(await h.call('downloads.fetchAgain', { file })).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(await h.call('downloads.fetchAgain', { accountId, file: { table: 'elsewhere', jobId: 1 } })).toMatchObject({
      ok: false,
      error: { kind: 'invalid' },
    });
    expect(value(await h.call('downloads.fetchAgain', { accountId, file }))).toEqual({ queued: 1 });
    expect(await h.call('downloads.fetchAgain', { accountId, file })).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(value(await h.call('downloads.fetchAgain', { accountId }))).toEqual({ queued: 0 });
    const reports = await h.te.engine.syncOnce();
    expect([...reports.values()].every((r) => r.ok)).toBe(true);
    expect(store.invoiceFiles.getJob(first.jobId)?.state).toBe('done');
    expect(value(await h.call<AccountStatusView[]>('sync.status'))[0]).toMatchObject({ downloadsPending: 0, downloadsFailed: 0 });
  });

  it('archive.verify and archive.export: the mirrored files are sealed, and a period the wrong way round is refused', async () => {
    const v = value(await h.call<ArchiveVerifyView>('archive.verify', { accountId }));
    expect(v).toMatchObject({ ok: true, changed: [], missing: [], added: [] });
    expect(v.files).toBeGreaterThanOrEqual(3);
    expect(await h.call('archive.export', { accountId, from: '2026-02-01', to: '2026-01-01' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid' },
    });
    const r = value(await h.call<ArchiveExportView>('archive.export', { accountId, from: '2000-01-01', to: '2099-12-31' }));
    expect(r.files).toBe(v.files);
    expect(r.path).toMatch(/Exports[/\\].*\.zip$/);
  });

  it('activity.list and outbox.list answer the account’s rows', async () => {
    expect(Array.isArray(value(await h.call('activity.list', { accountId })))).toBe(true);
    expect(value(await h.call('outbox.list', { accountId }))).toEqual([]);
  });
});

describe('invoices over HTTP', () => {
  it('invoices.list searches the mirror', async () => {
    const all = value(await h.call<InvoicePage>('invoices.list', { accountId }));
    expect(all.total).toBe(3);
    const found = value(await h.call<InvoicePage>('invoices.list', { accountId, filter: { query: 'pullin' } }));
    expect(found).toMatchObject({
      total: 1,
      next: null,
      items: [{ id: received.finvoice, number: '123456', senderName: 'Pullin Musiikki oy' }],
    });
    const none = value(await h.call<InvoicePage>('invoices.list', { accountId, filter: { query: 'nobody-sells-this' } }));
    expect(none).toEqual({ items: [], next: null, total: 0, totalIsLowerBound: false });
  });

  it('invoices.get renders each downloaded invoice (Finvoice as itself, CII and UBL as Peppol BIS 3 from the service)', async () => {
    const fin = value(await h.call<InvoiceDetail>('invoices.get', { accountId, id: received.finvoice }));
    expect(fin.renderError).toBeNull();
    expect(fin.rendered).toMatchObject({
      format: 'FINVOICE',
      number: '123456',
      seller: { name: 'Pullin Musiikki oy', vatId: 'FI66666665' },
      totals: { net: 100, tax: 24, gross: 124 },
      payment: { iban: 'FI7429501800000014', reference: 'RF911234567890120', terms: '14 päivää netto' },
    });
    const cii = value(await h.call<InvoiceDetail>('invoices.get', { accountId, id: received.cii }));
    expect(cii.rendered).toMatchObject({
      number: 'TOSL108',
      currency: 'DKK',
      seller: { name: 'SubscriptionSeller' },
      totals: { payable: 1125 },
    });
    const ubl = value(await h.call<InvoiceDetail>('invoices.get', { accountId, id: received.ubl }));
    expect(ubl.rendered).toMatchObject({ format: 'UBL', number: 'Snippet1', lines: [{ quantity: 7 }, { quantity: -3 }] });
    expect(ubl.files.map((f) => [f.kind, f.state])).toEqual([
      ['original', 'done'],
      ['image', 'done'],
    ]);
  });

  it('files.read answers a downloaded file the detail listed, and nothing else', async () => {
    const d = value(await h.call<InvoiceDetail>('invoices.get', { accountId, id: received.ubl }));
    const pdf = d.files.find((f) => f.kind === 'image');
    const read = value(
      await h.call<{ filename: string; contentType: string; base64: string }>('files.read', { accountId, path: pdf?.path }),
    );
    expect(read.contentType).toBe('application/pdf');
    expect(Buffer.from(read.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const refused = await h.call('files.read', { accountId, path: `${h.te.dataDir}/einvoice-sync.sqlite` });
    expect(refused).toMatchObject({ ok: false, error: { kind: 'invalid' } });
  });

  it('invoices.setHandled tells the service and the mirror', async () => {
    expect(value(await h.call('invoices.setHandled', { accountId, id: received.cii, handled: true }))).toEqual({ handled: true });
    const handled = value(await h.call<InvoicePage>('invoices.list', { accountId, filter: { handled: true } }));
    expect(handled.items.map((i) => i.id)).toEqual([received.cii]);
    const remote = await (await h.te.engine.api(accountId)).invoices.get(received.cii ?? '');
    expect(remote.handled).toBe(true);
  });

  it('invoices.totals sums the filter per currency and invoices.exportCsv writes every row of it, in its order and the user’s language', async () => {
    const sort = { by: 'sum', dir: 'desc' } as const;
    const listed = value(await h.call<InvoicePage>('invoices.list', { accountId, filter: { sort } }));
    expect(listed.items).toHaveLength(3);
    const expected = new Map<string | null, { sum: number; count: number }>();
    for (const i of listed.items) {
      const t = expected.get(i.currency) ?? { sum: 0, count: 0 };
      expected.set(i.currency, { sum: t.sum + (i.sum ?? 0), count: t.count + 1 });
    }
    const totals = value(await h.call<InvoiceTotals>('invoices.totals', { accountId, filter: { sort } }));
    expect(totals.byCurrency.map((c) => [c.currency, c.count])).toEqual([...expected].map(([c, t]) => [c, t.count]).sort());
    for (const c of totals.byCurrency) expect(c.sum).toBeCloseTo(expected.get(c.currency)?.sum ?? Number.NaN, 6);
    const pullin = value(await h.call<InvoiceTotals>('invoices.totals', { accountId, filter: { query: 'pullin' } }));
    expect(pullin.byCurrency).toEqual([{ currency: 'EUR', sum: listed.items.find((i) => i.id === received.finvoice)?.sum, count: 1 }]);

    const csv = value(
      await h.call<{ filename: string; text: string; rows: number }>('invoices.exportCsv', {
        accountId,
        filter: { sort },
        lang: 'fi',
        columns: [
          { key: 'party', label: 'Lähettäjä' },
          { key: 'number', label: 'Numero' },
          { key: 'date', label: 'Päivä' },
          { key: 'handled', label: 'Käsitelty' },
          { key: 'sum', label: 'Summa' },
          { key: 'currency', label: 'Valuutta' },
        ],
        words: { handled: 'Käsitelty' },
      }),
    );
    expect(csv.rows).toBe(3);
    expect(csv.filename).toMatch(/^invoices-received-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.text.startsWith('\uFEFFLähettäjä;Numero;Päivä;Käsitelty;Summa;Valuutta\r\n')).toBe(true);
    const lines = csv.text.slice(1).split('\r\n').slice(1, -1);
    // Every row of the filter, in the list's order, amounts with a decimal comma, the handled one marked.
    expect(lines.map((l) => l.split(';')[1])).toEqual(listed.items.map((i) => i.number ?? ''));
    expect(lines.map((l) => l.split(';')[4])).toEqual(listed.items.map((i) => (i.sum === null ? '' : i.sum.toFixed(2).replace('.', ','))));
    const cii = listed.items.findIndex((i) => i.id === received.cii);
    expect(lines[cii]?.split(';')[3]).toBe('Käsitelty');
    expect(lines.find((l) => l.startsWith('Pullin Musiikki oy;123456;'))).toBeDefined();
  });

  it('documents.list, documents.get of an unknown id, bankMessages.list', async () => {
    expect(value(await h.call('documents.list', { accountId }))).toEqual({ items: [], next: null, total: 0, totalIsLowerBound: false });
    expect(await h.call('documents.get', { accountId, id: 'nope' })).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    expect(value(await h.call('bankMessages.list', { accountId }))).toMatchObject({ next: null });
  });
});

describe('company, Detect and Norway over HTTP', () => {
  it('company.settings.save answers the service’s 400 per field (a bad e-mail)', async () => {
    const settings = value(await h.call<Record<string, Record<string, unknown>>>('company.settings.get', { accountId }));
    expect(settings.details?.name).toBe('Host Test Oy');
    const r = await h.call('company.settings.save', {
      accountId,
      settings: {
        details: { name: 'Host Test Oy', email: 'not-an-e-mail' },
        address: { country: 'FI' },
        invoice_notifications: {
          on_receiving: { enabled: false },
          on_send_errors: { to_user: true, to_emails: ['ok@example.com', 'broken@'] },
        },
      },
    });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({ kind: 'skip', status: 400, code: 'invalid_parameters' });
    expect(Object.keys(r.error.fields ?? {}).sort()).toEqual(['details.email', 'invoice_notifications.on_send_errors.to_emails.1']);
    expect(r.error.fields?.['details.email']).toMatch(/e-?mail/i);
    const good = await h.call('company.settings.save', {
      accountId,
      settings: {
        details: { name: 'Host Test Oy', email: 'billing@example.com' },
        address: { country: 'FI' },
        invoice_notifications: { on_receiving: { enabled: false }, on_send_errors: { to_user: true, to_emails: [] } },
      },
    });
    expect(value(good)).toEqual({ saved: true });
    expect(value(await h.call<Record<string, Record<string, unknown>>>('company.settings.get', { accountId })).details?.email).toBe(
      'billing@example.com',
    );
  });

  it('company.profiles.create answers the service’s 422 code; defaults come from the spec tables', async () => {
    const created = value(
      await h.call<{ id: string; status: string; network: string; scheme: string }>('company.profiles.create', {
        accountId,
        profiles: ['INVOICE_AND_CREDIT_NOTE'],
      }),
    );
    expect(created).toMatchObject({ status: 'pending', network: 'PEPPOL', scheme: '0216' });
    const again = await h.call('company.profiles.create', { accountId, profiles: ['INVOICE_AND_CREDIT_NOTE'] });
    expect(again).toMatchObject({ ok: false, error: { kind: 'skip', status: 422, code: 'profile_name_conflict' } });
    const local = await h.call('company.profiles.create', { accountId, network: 'MARS', profiles: ['ORDER'], scheme: '12' });
    expect(local).toMatchObject({
      ok: false,
      error: { kind: 'invalid', fields: { network: expect.any(String), scheme: 'must be a 4-digit ISO 6523 code' } },
    });
    const list = value(await h.call<{ network: string }[]>('company.profiles.list', { accountId }));
    expect(list.map((p) => p.network).sort()).toEqual(['PEPPOL', 'VENDORNET']);
    expect(value(await h.call('company.profiles.defaults', { accountId }))).toEqual({
      country: 'FI',
      schemes: ['0216'],
      versioned: ['ORDER', 'ORDER_RESPONSE', 'CATALOGUE', 'CATALOGUE_RESPONSE', 'DESPATCH_ADVICE', 'REMINDER'],
    });
    // Only the single registration carries its extensions (the list does not): the editor reads this.
    expect(value(await h.call('company.profiles.get', { accountId, id: created.id }))).toMatchObject({
      profiles_with_extensions: [{ profile_name: 'INVOICE_AND_CREDIT_NOTE', extensions: [] }],
    });
    expect(list.find((p) => p.network === 'PEPPOL')).not.toHaveProperty('profiles_with_extensions');
    expect(value(await h.call('company.profiles.delete', { accountId, id: created.id }))).toEqual({ deleted: true });
  });

  it('company.authorization and company.users', async () => {
    expect(value(await h.call('company.authorization.get', { accountId }))).toMatchObject({
      auth_state: 'SIGNED',
      company_state: 'VERIFIED',
    });
    const signed = await h.call('company.authorization.send', { accountId, authEmail: 'signer@example.com', locale: 'fi' });
    expect(signed).toMatchObject({ ok: false, error: { status: 400, fields: { auth_state: expect.stringMatching(/^SIGNED/) } } });
    await sb.call(`/__sandbox/companies/${h.company.company_id}/authorization`, { method: 'POST', json: { auth_state: 'NONE' } });
    const sent = value(await h.call('company.authorization.send', { accountId, authEmail: 'signer@example.com', locale: 'fi' }));
    expect(sent).toMatchObject({ auth_state: 'SENT', auth_email: 'signer@example.com' });
    const users = value(await h.call<{ user_role: string }[]>('company.users.list', { accountId }));
    expect(users.map((u) => u.user_role)).toContain('admin');
  });

  it('detect.checks.set saves the checks (an empty list turns every check off)', async () => {
    const saved = value(
      await h.call<{ on_invoice_receive: string[] }>('detect.checks.set', { accountId, checks: ['VAT', 'SENDER_BID_STATUS'] }),
    );
    expect([...saved.on_invoice_receive].sort()).toEqual(['SENDER_BID_STATUS', 'VAT']);
    expect(value(await h.call('detect.checks.get', { accountId }))).toEqual(saved);
    expect(value(await h.call('detect.checks.set', { accountId, checks: [] }))).toEqual({ on_invoice_receive: [] });
    expect(await h.call('detect.checks.set', { accountId, checks: ['ASTROLOGY'] })).toMatchObject({
      ok: false,
      error: { kind: 'invalid' },
    });
    const defs = value(
      await h.call<{ name: string; title?: string; titles?: { lang: string; text: string }[] }[]>('detect.definitions', {
        accountId,
        lang: 'fi',
      }),
    );
    const vat = defs.find((d) => d.name === 'VAT');
    expect(vat?.title).toBe(vat?.titles?.find((t) => t.lang === 'fi')?.text);
  });

  it('norway: an agreement, then mandates found page by page', async () => {
    const agreement = {
      account_number: '5262.02.27560',
      kid_length: 10,
      reference_position: 2,
      payment_type_position: 1,
      signer_email: 'signer@example.no',
    };
    const created = value(await h.call('norway.agreements.create', { accountId, agreement }));
    expect(created).toMatchObject({ account_number: '52620227560', status: 'PENDING' });
    expect(
      value(await h.call('norway.agreements.update', { accountId, accountNumber: '52620227560', patch: { notification_by_email: true } })),
    ).toEqual({ saved: true });
    expect(value(await h.call('norway.agreements.list', { accountId }))).toEqual([
      expect.objectContaining({ notification_by_email: true }),
    ]);
    const mandates = Array.from({ length: 7 }, (_, i) => ({ account_number: '52620227560', reference_nr: `10${i}`, payment_type: '1' }));
    const admin = await sb.call(`/__sandbox/companies/${h.company.company_id}/atg-mandates`, { method: 'POST', json: mandates });
    expect(admin.status).toBe(201);
    const page2 = value(
      await h.call<{ items: unknown[]; total: number; totalPages: number; page: number }>('norway.mandates.search', {
        accountId,
        page: 2,
        perPage: 3,
      }),
    );
    expect(page2).toMatchObject({ total: 7, totalPages: 3, page: 2 });
    expect(page2.items).toHaveLength(3);
    const one = value(
      await h.call<{ items: { reference_nr: string }[]; total: number }>('norway.mandates.search', { accountId, query: '104' }),
    );
    expect(one.items.map((m) => m.reference_nr)).toEqual(['104']);
    // Fewer than 20: the KIDs come split; 20 or more: the same search without, and said so (issue 38, item 5).
    const parsed = value(
      await h.call<{ items: { parsed_values?: { reference?: string } }[]; parsed: string }>('norway.mandates.search', {
        accountId,
        query: '104',
      }),
    );
    expect(parsed.parsed).toBe('shown');
    expect(parsed.items[0]?.parsed_values?.reference).toBe('104');
    const more = Array.from({ length: 20 }, (_, i) => ({ account_number: '52620227560', reference_nr: `20${i}`, payment_type: '1' }));
    expect((await sb.call(`/__sandbox/companies/${h.company.company_id}/atg-mandates`, { method: 'POST', json: more })).status).toBe(201);
    const all = value(
      await h.call<{ items: unknown[]; total: number; parsed: string }>('norway.mandates.search', { accountId, perPage: 100 }),
    );
    expect(all).toMatchObject({ total: 27, parsed: 'too-many' });
    expect(all.items).toHaveLength(27);
  });
});

describe('the Inbox layout over HTTP', () => {
  it('accounts.update changes where new files go and moves nothing; accounts.reorganizeInbox moves them, and files.read follows', async () => {
    const detail = () => h.call<InvoiceDetail>('invoices.get', { accountId, id: received.ubl });
    const before = value(await detail());
    expect(value(await h.call<AccountView[]>('accounts.list'))[0]?.inboxLayout).toBe('year-month');
    const updated = value(await h.call<AccountView>('accounts.update', { accountId, inboxLayout: 'sender' }));
    expect(updated.inboxLayout).toBe('sender');
    expect(value(await detail()).files).toEqual(before.files);
    expect(await h.call('accounts.update', { accountId, inboxLayout: 'by-colour' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid' },
    });

    const r = value(await h.call<ReorganizeView>('accounts.reorganizeInbox', { accountId }));
    expect(r).toMatchObject({ layout: 'sender', failed: 0, missing: 0, finished: true, error: null });
    expect(r.moved).toBeGreaterThanOrEqual(6);
    const after = value(await detail());
    const folder = join(h.te.root, 'Inbox', 'Invoices', senderFolderName(after.row.senderName));
    for (const f of after.files) {
      expect(dirname(f.path as string)).toBe(folder);
      expect(basename(f.path as string)).toBe(basename(before.files.find((b) => b.kind === f.kind)?.path as string));
    }
    const oldPdf = before.files.find((f) => f.kind === 'image')?.path;
    expect(await h.call('files.read', { accountId, path: oldPdf })).toMatchObject({ ok: false, error: { kind: 'invalid' } });
    const newPdf = after.files.find((f) => f.kind === 'image')?.path;
    const read = value(await h.call<{ base64: string }>('files.read', { accountId, path: newPdf }));
    expect(Buffer.from(read.base64, 'base64').subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});
