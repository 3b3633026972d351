import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../../../main/core/store';
import { tempDir } from '../../../support/temp';

// Migration 27: the takeovers the app took part in, kept because the service lists none.
describe('partner takeovers kept', () => {
  it('keeps a started takeover with its label, and its later state without losing the label or company', () => {
    let now = 1_000;
    const store = createStore(join(tempDir(), 't.sqlite'), { now: () => now });
    try {
      const acc = store.accounts.create({ name: 'Office', environment: 'sandbox', companyId: 'c-1', root: tempDir() });
      store.takeovers.save(acc.id, { takeoverId: 'T1', companyId: 'C1', state: 'STARTED', label: '8888888-8' });
      now = 2_000;
      store.takeovers.save(acc.id, { takeoverId: 'T2', companyId: 'C2', state: 'STARTED', label: 'Toinen Oy' });
      now = 3_000;
      store.takeovers.save(acc.id, { takeoverId: 'T1', companyId: null, state: 'COMPLETED' });
      expect(store.takeovers.list(acc.id)).toEqual([
        { takeoverId: 'T2', companyId: 'C2', label: 'Toinen Oy', state: 'STARTED', startedAt: 2_000, updatedAt: 2_000 },
        { takeoverId: 'T1', companyId: 'C1', label: '8888888-8', state: 'COMPLETED', startedAt: 1_000, updatedAt: 3_000 },
      ]);
      store.accounts.remove(acc.id);
      expect(store.takeovers.list(acc.id)).toEqual([]);
    } finally {
      store.close();
    }
  });
});
