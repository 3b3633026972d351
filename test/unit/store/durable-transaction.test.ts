import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createStore } from '../../../main/core/store/index';
import { tempDir } from '../../support/temp';

// What must survive a power cut (the outbox rows an upload starts from, the intent before a move) commits
// with the WAL flushed; the rest keeps NORMAL, which a crash of the process never loses.
describe('store.durableTransaction', () => {
  it('commits with synchronous FULL and leaves the connection at NORMAL, also when its work throws', () => {
    const store = createStore(join(tempDir(), 'd.sqlite'));
    try {
      const level = () => store.db.pragma('synchronous', { simple: true });
      expect(store.durableTransaction(() => level())).toBe(2); // FULL while it commits
      expect(level()).toBe(1);
      expect(() =>
        store.durableTransaction(() => {
          throw new Error('refused');
        }),
      ).toThrow('refused');
      expect(level()).toBe(1);
    } finally {
      store.close();
    }
  });
});
