import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from '../../../main/core/store';
import { readerOf } from '../../../main/core/store/reader';
import { tempDir } from '../../support/temp';

// Issue 40 item 1: the bridge and the hosts get the reader, so the reader must hold no way to write.
// A repository method that writes is named in reader.ts's WRITES; one added later without its name
// there would reach the bridge. Every method left in the reader is read here for what writes in
// better-sqlite3 (a statement's run, exec, a transaction): the list of those must be empty.

let store: ReturnType<typeof createStore> | null = null;
afterEach(() => {
  store?.close();
  store = null;
});

describe('the store reader', () => {
  it('keeps no method that runs a statement, execs SQL or opens a transaction', () => {
    store = createStore(join(tempDir(), 'r.sqlite'));
    const reader = readerOf(store) as unknown as Record<string, Record<string, unknown>>;
    const writes: string[] = [];
    let methods = 0;
    for (const [repo, methodsOf] of Object.entries(reader)) {
      if (typeof methodsOf !== 'object' || methodsOf === null) continue;
      for (const [name, fn] of Object.entries(methodsOf)) {
        if (typeof fn !== 'function') continue;
        methods++;
        if (/\.run\(|\.exec\(|\btransaction\(/.test(Function.prototype.toString.call(fn))) writes.push(`${repo}.${name}`);
      }
    }
    expect(methods).toBeGreaterThan(50);
    expect(writes).toEqual([]);
  });

  it('is frozen, so nothing can be put back on it', () => {
    store = createStore(join(tempDir(), 'f.sqlite'));
    const reader = readerOf(store) as unknown as Record<string, Record<string, unknown>>;
    expect(Object.isFrozen(reader)).toBe(true);
    expect(Object.isFrozen(reader.outbox)).toBe(true);
    expect(reader.outbox?.insert).toBeUndefined();
    expect(typeof store.outbox.insert).toBe('function');
  });
});
