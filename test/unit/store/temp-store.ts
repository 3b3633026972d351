import { join } from 'node:path';
import { onTestFinished } from 'vitest';
import { createStore, type Store, type StoreOptions } from '../../../main/core/store/index';
import { tempDir } from '../../support/temp';

export interface FakeClock {
  now(): number;
  advance(ms: number): void;
}

export const START = Date.UTC(2025, 0, 15, 12, 0, 0);

export function fakeClock(start = START): FakeClock {
  let t = start;
  return {
    now: () => t,
    advance(ms) {
      t += ms;
    },
  };
}

/** Deterministic UUIDs, so a test can tell which row got which key. */
export function sequentialIds(): () => string {
  let n = 0;
  return () => `00000000-0000-4000-8000-${String(++n).padStart(12, '0')}`;
}

export interface TempStore {
  store: Store;
  clock: FakeClock;
  file: string;
}

/** A real store in a real file in a temp folder, closed and removed when the test ends. */
export function tempStore(options: StoreOptions = {}): TempStore {
  const file = join(tempDir(), 'engine.sqlite');
  const clock = fakeClock();
  const store = createStore(file, { now: clock.now, newId: sequentialIds(), ...options });
  onTestFinished(() => store.close());
  return { store, clock, file };
}

/** A store with one account, the common starting point. */
export function storeWithAccount(options: StoreOptions = {}) {
  const t = tempStore(options);
  const account = t.store.accounts.create({
    name: 'Acme',
    environment: 'sandbox',
    baseUrl: 'http://127.0.0.1:8787',
    companyId: 'c-1',
    root: '/data/acme',
  });
  return { ...t, account };
}
