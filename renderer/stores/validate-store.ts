import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Bridge, BridgeErrorView, ValidationView } from '../../shared/bridge';
import type { ValidationProgress } from '../../shared/validation/report';
import { toErrorView } from './errors';

export interface ValidateStoreState {
  /** sending: the bytes are on their way to main; validating: main has them all; cancelled: the user stopped the check. */
  phase: 'idle' | 'sending' | 'validating' | 'done' | 'failed' | 'cancelled';
  /** How far main's check is (pushed as validate.progress), while validating. */
  progress: ValidationProgress | null;
  fileName: string | null;
  size: number;
  sent: number;
  view: ValidationView | null;
  error: BridgeErrorView | null;
  /** Validates a file the user dropped or chose; a newer file replaces one still on its way. */
  validate(file: Blob, name: string): Promise<void>;
  /** Stops the check being made. */
  cancel(): Promise<void>;
  clear(): void;
}

/** Bytes as base64, a slice at a time (String.fromCharCode takes a bounded number of arguments). */
function toBase64(bytes: Uint8Array): string {
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}

/**
 * The Validate page's file: the user hands its bytes over (drop or "Choose file"), they go to main in
 * the pieces the bridge takes (validate.start/chunk/finish), main answers the report. Kept here so the
 * report is still there when the user comes back to the page.
 */
export function createValidateStore(bridge: Bridge): StoreApi<ValidateStoreState> {
  let ticket = 0;
  /** The upload being checked: its id is the check's (validate.cancel). */
  let checking: string | null = null;
  return createStore<ValidateStoreState>((set) => ({
    phase: 'idle',
    progress: null,
    fileName: null,
    size: 0,
    sent: 0,
    view: null,
    error: null,

    async validate(file, name) {
      const mine = ++ticket;
      const current = () => mine === ticket;
      set({ phase: 'sending', fileName: name, size: file.size, sent: 0, view: null, error: null, progress: null });
      try {
        // Main says "too large" before any byte is read here.
        const { uploadId, chunkBytes } = await bridge.invoke('validate.start', { name, size: file.size });
        for (let offset = 0; offset < file.size; offset += chunkBytes) {
          if (!current()) return;
          const piece = new Uint8Array(await file.slice(offset, offset + chunkBytes).arrayBuffer());
          const { received } = await bridge.invoke('validate.chunk', { uploadId, offset, base64: toBase64(piece) });
          if (current()) set({ sent: received });
        }
        if (!current()) return;
        set({ phase: 'validating', progress: { phase: 'read', percent: 0 } });
        checking = uploadId;
        const off = bridge.subscribe('validate.progress', (e) => {
          if (e.id === uploadId && current() && !e.done) set({ progress: { phase: e.phase, percent: e.percent } });
        });
        try {
          const view = await bridge.invoke('validate.finish', { uploadId });
          if (current()) set({ phase: 'done', view, progress: null });
        } finally {
          off();
          if (checking === uploadId) checking = null;
        }
      } catch (e) {
        const error = toErrorView(e);
        if (current())
          set(error.code === 'cancelled' ? { phase: 'cancelled', progress: null } : { phase: 'failed', error, progress: null });
      }
    },

    async cancel() {
      if (!checking) return;
      try {
        await bridge.invoke('validate.cancel', { id: checking });
      } catch (e) {
        set({ error: toErrorView(e) });
      }
    },

    clear() {
      ticket++;
      set({ phase: 'idle', fileName: null, size: 0, sent: 0, view: null, error: null, progress: null });
    },
  }));
}
