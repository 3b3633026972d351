// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { OutboxTable } from '../../../renderer/components/OutboxTable';
import { ValidationPanel } from '../../../renderer/components/validation/ValidationPanel';
import { ValidatePage } from '../../../renderer/pages/ValidatePage';
import type { OutboxItemView, ValidationView } from '../../../shared/bridge';
import type { ValidationIssue, ValidationReport } from '../../../shared/validation/report';
import { fail, fakeBridge } from './fake-bridge';
import { ACCOUNT, invoiceDetail, invoiceRow } from './fixtures';
import { renderWithApp } from './render-app';

afterEach(cleanup);

const issue = (over: Partial<ValidationIssue>): ValidationIssue => ({
  id: 'BR-CO-15',
  flag: 'fatal',
  ruleset: 'EN16931-UBL',
  location: '/Invoice/cac:LegalMonetaryTotal',
  xpath: '',
  line: 40,
  text: 'Invoice total amount with VAT (BT-112) = Invoice total amount without VAT (BT-109) + Invoice total VAT amount (BT-110).',
  ...over,
});

function report(issues: ValidationIssue[]): ValidationReport {
  const fatal = issues.filter((i) => i.flag === 'fatal').length;
  return {
    file: 'wrong.xml',
    status: fatal ? 'invalid' : 'valid',
    valid: fatal === 0,
    syntax: 'ubl-invoice',
    customizationId: 'urn:cen.eu:en16931:2017',
    rulesets: [{ id: 'EN16931-UBL', title: 'EN 16931 business rules (UBL)', version: 'validation-1.3.16', businessRules: true, ms: 12 }],
    issues,
    fatalCount: fatal,
    warningCount: issues.length - fatal,
    problem: null,
    notes: [],
    ms: 40,
  };
}

const view = (issues: ValidationIssue[]): ValidationView => ({
  report: report(issues),
  rendered: invoiceDetail(invoiceRow(1)).rendered,
  renderError: null,
  excerpts: [{ line: 40, from: 37, lines: ['a', 'b', 'c', '<cac:LegalMonetaryTotal>', 'e', 'f', 'g'] }],
});

describe('the validation report', () => {
  it('names its rule packs, and what the next one breaks from its date (issue 41)', () => {
    const pack = { family: 'PEPPOL-BIS3', name: 'Peppol BIS Billing 3.0', published: '2025-05-21' };
    const r051 = issue({ id: 'PEPPOL-EN16931-R051', ruleset: 'PEPPOL-BIS3-UBL', location: '/Invoice/cac:TaxTotal' });
    const v = view([]);
    v.report = {
      ...v.report,
      checkedOn: '2025-08-01',
      packs: [
        { ...pack, version: '3.0.18', mandatoryFrom: '2025-02-17', role: 'in-force' },
        { ...pack, version: '3.0.19', mandatoryFrom: '2025-08-25', role: 'next' },
      ],
      upcoming: [
        {
          pack: { ...pack, version: '3.0.19', mandatoryFrom: '2025-08-25', role: 'next' },
          from: '2025-08-25',
          breaks: [r051],
          fixes: [],
          validThen: false,
        },
      ],
    };
    const { container } = renderWithApp(<ValidationPanel view={v} />, fakeBridge({}), { lang: 'en' });
    expect(container.querySelector('[data-pack-role="in-force"]')?.textContent).toBe(
      'Peppol BIS Billing 3.0 3.0.18 (in force on 2025-08-01)',
    );
    expect(container.querySelector('[data-pack-role="next"]')?.textContent).toBe(
      'Peppol BIS Billing 3.0 3.0.19 (next, mandatory from 2025-08-25)',
    );
    expect(container.querySelector('[data-upcoming="breaks"]')?.textContent).toBe(
      'Valid now; from 2025-08-25 it breaks PEPPOL-EN16931-R051 (Peppol BIS Billing 3.0 3.0.19).',
    );
  });

  it('groups places by rule, explains in the app’s language, and marks the part a place points at', async () => {
    const explained = issue({
      explanation: {
        en: 'The total is wrong.',
        fi: 'Loppusumma on väärin.',
        sv: 'Summan är fel.',
        nb: 'Summen er feil.',
        da: 'Summen er forkert.',
      },
    });
    const v = view([
      explained,
      issue({ location: '/Invoice/cac:InvoiceLine[2]', line: 60, id: 'BR-24', text: 'Line net amount.' }),
      issue({ location: '/Invoice/cac:InvoiceLine[5]', line: 90, id: 'BR-24', text: 'Line net amount.' }),
      issue({ location: '/Invoice/cac:AdditionalDocumentReference', line: undefined, id: 'BR-52', flag: 'warning', text: 'Doc ref.' }),
    ]);
    const { container } = renderWithApp(<ValidationPanel view={v} />, fakeBridge({}), { lang: 'fi' });
    expect(container.querySelectorAll('.rule-group')).toHaveLength(3);
    expect(container.querySelector('.validation-summary')?.textContent).toContain('EN 16931 -liiketoimintasäännöt (UBL) validation-1.3.16');
    expect(container.querySelector('[data-rule="BR-24"]')?.querySelectorAll('.rule-place')).toHaveLength(2);
    expect(container.querySelector('[data-rule="BR-CO-15"]')?.textContent).toContain('Loppusumma on väärin.');
    expect(container.querySelector('[data-rule="BR-52"]')?.textContent).toContain('Tälle säännölle ei vielä ole selkokielistä selitystä');

    fireEvent.click(container.querySelectorAll('[data-rule="BR-24"] .rule-place')[0] as Element);
    await screen.findByText('Merkitty alla olevaan laskuun: laskurivi 2.');
    expect(container.querySelector('tr[data-part="line-1"]')?.className).toBe('is-highlighted');
    expect(container.querySelectorAll('.is-highlighted')).toHaveLength(1);

    // Line 5 of an invoice of two lines: the rendered invoice has no such part, and says so.
    fireEvent.click(container.querySelectorAll('[data-rule="BR-24"] .rule-place')[1] as Element);
    await screen.findByText('Tätä osaa ei ole näytetyssä laskussa (se voi olla tyhjä tai puuttua).');
    expect(container.querySelectorAll('.is-highlighted')).toHaveLength(0);

    fireEvent.click(container.querySelector('[data-rule="BR-52"] .rule-place') as Element);
    await screen.findByText(/Tämä kohta ei kuulu niihin laskun osiin/);
    expect(screen.getByText('Raportti ei kerro, mikä tiedoston rivi tämä on.')).toBeTruthy();

    fireEvent.click(container.querySelector('[data-rule="BR-CO-15"] .rule-place') as Element);
    await waitFor(() => expect(container.querySelector('table[data-part="totals"]')?.classList.contains('is-highlighted')).toBe(true));
    expect(container.querySelector('.source-lines li.is-marked')?.textContent).toContain('<cac:LegalMonetaryTotal>');
    expect(container.querySelector('.source-lines li.is-marked')?.getAttribute('value')).toBe('40');
  });

  it('falls back to English when the app’s language has no explanation, and says so', () => {
    const v = view([issue({ explanation: { en: 'The total is wrong.', fi: '', sv: '', nb: '', da: '' } })]);
    const { container } = renderWithApp(<ValidationPanel view={v} />, fakeBridge({}), { lang: 'sv' });
    const dd = container.querySelectorAll('[data-rule="BR-CO-15"] .rule-texts dd')[1];
    expect(dd?.textContent).toBe('Inte översatt ännu; på engelska: The total is wrong.');
    expect(dd?.querySelector('[lang="en"]')?.textContent).toBe('The total is wrong.');
  });
});

describe('the Validate page', () => {
  it('sends the chosen file in the pieces main asks for, in order, and shows the report', async () => {
    const pieces: { offset: number; text: string }[] = [];
    const bridge = fakeBridge({
      'validate.start': () => ({ uploadId: '3f2b0c1e-0000-4000-8000-000000000001', chunkBytes: 4 }),
      'validate.chunk': (i) => {
        pieces.push({ offset: i.offset, text: atob(i.base64) });
        return { received: i.offset + atob(i.base64).length };
      },
      'validate.finish': () => view([issue({})]),
    });
    const { container } = renderWithApp(<ValidatePage />, bridge);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['<a>0123</a>'], 'mine.xml')] } });
    await screen.findByText('wrong.xml');
    expect(bridge.callsOf('validate.start')).toEqual([{ name: 'mine.xml', size: 11 }]);
    expect(pieces).toEqual([
      { offset: 0, text: '<a>0' },
      { offset: 4, text: '123<' },
      { offset: 8, text: '/a>' },
    ]);
    expect(container.querySelector('[data-status="invalid"]')?.textContent).toBe('Refused by the rules');
  });

  it('tells how far the file has got while its pieces are on their way', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => {
      release = r;
    });
    const bridge = fakeBridge({
      'validate.start': () => ({ uploadId: '3f2b0c1e-0000-4000-8000-000000000002', chunkBytes: 1024 * 1024 }),
      'validate.chunk': async (i) => {
        if (i.offset > 0) await held;
        return { received: i.offset + atob(i.base64).length };
      },
      'validate.finish': () => view([]),
    });
    const { container } = renderWithApp(<ValidatePage />, bridge);
    const big = new File([new Uint8Array(2.5 * 1024 * 1024)], 'big.xml');
    fireEvent.change(container.querySelector('input[type="file"]') as HTMLInputElement, { target: { files: [big] } });
    await screen.findByText('Reading big.xml: 1 MB of 2.5 MB');
    expect((container.querySelector('.drop-zone button.primary') as HTMLButtonElement).disabled).toBe(true);
    release();
    await screen.findByText('No rule is broken.');
    expect(bridge.callsOf('validate.chunk').map((c) => c.offset)).toEqual([0, 1024 * 1024, 2 * 1024 * 1024]);
  });

  it('says plainly when main refuses the file as too large, before any byte is read', async () => {
    const bridge = fakeBridge({
      'validate.start': () =>
        fail({
          kind: 'invalid',
          message: 'huge.xml cannot be validated. The file is 120.0 MB; files of up to 100 MB are validated (and sent).',
        }),
    });
    const { container } = renderWithApp(<ValidatePage />, bridge);
    fireEvent.change(container.querySelector('input[type="file"]') as HTMLInputElement, {
      target: { files: [new File(['x'], 'huge.xml')] },
    });
    await screen.findByText(/huge\.xml cannot be validated\. The file is 120\.0 MB/);
    expect(bridge.callsOf('validate.chunk')).toEqual([]);
  });
});

describe('the outbox', () => {
  const row = (over: Partial<OutboxItemView>): OutboxItemView => ({
    id: 7,
    accountId: ACCOUNT.id,
    kind: 'invoice',
    documentType: null,
    file: 'Outbox/Invoices/wrong.xml',
    state: 'failed',
    attempts: 0,
    lastError: 'It breaks 1 of the official rules the service checks.',
    errorKind: 'skip',
    remoteId: null,
    deliveryStatus: null,
    needsReroute: false,
    nextAttemptAt: null,
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-01T10:00:00Z',
    ...over,
  });

  it('badges each validated row, and a refused one opens its report', async () => {
    const bridge = fakeBridge({
      'outbox.list': () => [
        row({ validation: { status: 'invalid', fatal: 1, warnings: 0 } }),
        row({
          id: 8,
          file: 'Outbox/Invoices/ok.xml',
          state: 'done',
          validation: { status: 'valid', fatal: 0, warnings: 2, breaksFrom: { from: '2025-08-25', rules: ['PEPPOL-EN16931-R051'] } },
        }),
        row({ id: 9, file: 'Outbox/Documents/ORDER/o.xml', kind: 'document', state: 'done', validation: null }),
      ],
      'validate.outboxReport': (i) => (i.id === 7 ? view([issue({})]) : fail({ message: 'wrong row' })),
    });
    const { container, stores } = renderWithApp(<OutboxTable onReroute={() => undefined} />, bridge);
    await stores.outbox.getState().load(ACCOUNT.id);
    await screen.findByText('Outbox/Invoices/wrong.xml');
    // Newest first; the document was not validated and has no badge.
    // A file valid now that the next rule pack breaks says from when (issue 41).
    expect([...container.querySelectorAll('[data-validation]')].map((e) => e.getAttribute('data-validation'))).toEqual([
      'warnings',
      'breaks-from',
      'invalid',
    ]);
    expect(container.querySelector('[data-validation="breaks-from"]')?.textContent).toBe('Breaks from 2025-08-25');
    fireEvent.click(screen.getByRole('button', { name: 'Validation report of Outbox/Invoices/wrong.xml' }));
    await waitFor(() => expect(container.querySelector('.outbox-report [data-rule="BR-CO-15"]')).not.toBeNull());
    expect(bridge.callsOf('validate.outboxReport')).toEqual([{ id: 7 }]);
    fireEvent.click(screen.getByRole('button', { name: 'Close the report' }));
    expect(container.querySelector('.outbox-report')).toBeNull();
  });
});
