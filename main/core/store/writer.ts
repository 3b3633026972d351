import type { Store } from './index';

/**
 * The key under which the engine holds its store's writer. Only who imports this module can reach it:
 * the engine, its sync, and tests that set up a mirror as the sync would. The bridge may not (the
 * layer check, scripts/layers/check.ts): it reads through `engine.store` and changes through the
 * engine's methods.
 */
export const WRITER: unique symbol = Symbol('the store writer');

export interface HoldsWriter {
  readonly [WRITER]: Store;
}

export const writerOf = (holder: HoldsWriter): Store => holder[WRITER];
