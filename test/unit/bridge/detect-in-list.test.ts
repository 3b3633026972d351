import { describe, expect, it } from 'vitest';
import { WRITER } from '../../../main/core/store/writer';
import type { InvoicePage } from '../../../shared/bridge/views';
import { testBridge } from './setup';

describe('Detect warnings in the invoice list', () => {
  it('carries the reasons of a WARN result on the row, and nothing for other results', async () => {
    const t = testBridge();
    const a = t.account();
    const store = t.engine[WRITER];
    store.invoices.upsert(a.id, 'RECEIVED', { id: 'w', number: 'W-1', received_at: '2026-01-02T10:00:00Z' });
    store.invoices.upsert(a.id, 'RECEIVED', { id: 'ok', number: 'OK-1', received_at: '2026-01-01T10:00:00Z' });
    store.invoices.setDetect(a.id, 'w', 'WARN', ['Pankkitili on vaihtunut', 'Y-tunnus ei ole rekisterissä']);
    store.invoices.setDetect(a.id, 'ok', 'OK', ['ignored']);
    const r = await t.bridge.dispatch('invoices.list', { accountId: a.id });
    if (!r.ok) throw new Error(r.error.message);
    const rows = (r.value as InvoicePage).items;
    expect(rows.find((x) => x.id === 'w')).toMatchObject({
      detectStatus: 'WARN',
      detectFindings: ['Pankkitili on vaihtunut', 'Y-tunnus ei ole rekisterissä'],
    });
    expect(rows.find((x) => x.id === 'ok')).toMatchObject({ detectStatus: 'OK', detectFindings: [] });
  });

  it('asks the service for findings in the language the app is set to', async () => {
    const t = testBridge();
    const r = await t.bridge.dispatch('settings.set', { language: 'fi' });
    expect(r.ok).toBe(true);
    expect(t.engine.detectLanguage).toBe('fi');
  });
});
