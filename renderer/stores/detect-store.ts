import { createStore, type StoreApi } from 'zustand/vanilla';
import type { Bridge, BridgeErrorView } from '../../shared/bridge';
import type { DetectCheck } from '../../shared/enums';
import { DETECT_CHECKS } from '../../shared/enums';
import type { CheckDefinition } from '../../shared/schemas/detect';
import type { Lang } from '../i18n/langs';
import { toErrorView } from './errors';

export interface DetectStoreState {
  accountId: string | null;
  enabled: DetectCheck[];
  definitions: CheckDefinition[];
  /** English reason text -> reason code, to show the findings (stored in English) in any language. */
  reasonCodes: Record<string, string>;
  loading: boolean;
  saving: DetectCheck | null;
  error: BridgeErrorView | null;
  load(accountId: string, lang: Lang): Promise<void>;
  toggle(check: DetectCheck, on: boolean): Promise<void>;
}

const isCheck = (v: string): v is DetectCheck => (DETECT_CHECKS as readonly string[]).includes(v);

export function reasonIndex(definitions: readonly CheckDefinition[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of definitions) for (const r of d.possible_results ?? []) out[r.reason] = r.reason_code;
  return out;
}

export function createDetectStore(bridge: Bridge): StoreApi<DetectStoreState> {
  return createStore<DetectStoreState>((set, get) => ({
    accountId: null,
    enabled: [],
    definitions: [],
    reasonCodes: {},
    loading: false,
    saving: null,
    error: null,

    async load(accountId, lang) {
      set({ accountId, loading: true });
      try {
        const [checks, definitions, english] = await Promise.all([
          bridge.invoke('detect.checks.get', { accountId }),
          bridge.invoke('detect.definitions', { accountId, lang }),
          lang === 'en' ? null : bridge.invoke('detect.definitions', { accountId, lang: 'en' }),
        ]);
        if (get().accountId !== accountId) return;
        set({
          enabled: checks.on_invoice_receive.filter(isCheck),
          definitions,
          reasonCodes: reasonIndex(english ?? definitions),
          error: null,
        });
      } catch (e) {
        set({ error: toErrorView(e) });
      } finally {
        set({ loading: false });
      }
    },

    async toggle(check, on) {
      const { accountId, enabled } = get();
      if (!accountId) return;
      const next = on ? [...new Set([...enabled, check])] : enabled.filter((c) => c !== check);
      // Kept in the spec's order, so the list does not jump around as checks are toggled.
      const ordered = DETECT_CHECKS.filter((c) => next.includes(c));
      set({ saving: check, enabled: ordered });
      try {
        const answer = await bridge.invoke('detect.checks.set', { accountId, checks: ordered });
        set({ enabled: answer.on_invoice_receive.filter(isCheck), error: null });
      } catch (e) {
        set({ enabled, error: toErrorView(e) });
      } finally {
        set({ saving: null });
      }
    },
  }));
}
