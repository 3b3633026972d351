import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AccountView, AppInfo, AppSettings, Bridge, BridgeErrorView, CommandInput } from '../../shared/bridge';
import { applyAppSettingsPatch, DEFAULT_APP_SETTINGS } from '../../shared/settings';
import type { ConnectionState } from '../bridge/http';
import type { Lang } from '../i18n/langs';
import { toErrorView } from './errors';

export const PAGES = [
  'overview',
  'invoices',
  'documents',
  'sent',
  'validate',
  'detect',
  'company',
  'norway',
  'scanning',
  'lookup',
  'partner',
  'collection',
  'settings',
] as const;
export type PageId = (typeof PAGES)[number];

/** The pages with tabs, their tabs, the first one being where the page opens. */
export const PAGE_TABS = {
  sent: ['outbox', 'invoices', 'documents'],
  documents: ['documents', 'bank'],
  // The app's own settings, and the chosen company's (the account switcher says which).
  settings: ['app', 'account'],
} as const;
export type TabbedPage = keyof typeof PAGE_TABS;
export type TabOf<P extends TabbedPage> = (typeof PAGE_TABS)[P][number];
export type PageTabs = { [P in TabbedPage]: TabOf<P> };
export const isTabbedPage = (page: PageId): page is TabbedPage => Object.hasOwn(PAGE_TABS, page);

export interface AppState {
  /** False until the first answers arrived (the first paint shows a quiet loading state). */
  ready: boolean;
  info: AppInfo | null;
  settings: AppSettings;
  accounts: AccountView[];
  accountId: string | null;
  page: PageId;
  /** The tab shown on each page that has tabs; kept while the user is on other pages. */
  tabs: PageTabs;
  /** Settings > Accounts shows the first-run form to add one more account. */
  addingAccount: boolean;
  connection: ConnectionState;
  error: BridgeErrorView | null;

  init(): Promise<void>;
  refreshAccounts(): Promise<void>;
  selectAccount(id: string): void;
  go(page: PageId): void;
  /** Shows a tab of a page; a name that is not one of its tabs is ignored. */
  setTab(page: TabbedPage, tab: string): void;
  setAddingAccount(on: boolean): void;
  saveSettings(patch: CommandInput<'settings.set'>): Promise<void>;
  /** After an account was added (first run or Settings): list again and show it. */
  accountAdded(account: AccountView): Promise<void>;
  setConnection(state: ConnectionState): void;
}

/** The window shows an account (not the splash, an error or the first run): its lists are followed then. */
export const showsAccount = (s: Pick<AppState, 'ready' | 'info' | 'accounts'>): boolean =>
  s.ready && s.info !== null && s.accounts.length > 0;

export const currentAccount = (s: Pick<AppState, 'accounts' | 'accountId'>): AccountView | null =>
  s.accounts.find((a) => a.id === s.accountId) ?? null;

export function createAppStore(bridge: Bridge, defaultLang: Lang): StoreApi<AppState> {
  let starting: Promise<void> | null = null;
  return createStore<AppState>((set, get) => {
    // The chosen company is kept with the settings (the host's file or the desktop's store, not the
    // page's storage), so a reload, another tab and a restart open it again. Remembering is a
    // courtesy: a write that fails leaves the choice in this window and says nothing.
    const remember = (id: string) => {
      bridge.invoke('settings.set', { lastAccountId: id }).then(
        // Only its own field: a language or theme saved meanwhile is not put back by this answer.
        (saved) => set({ settings: { ...get().settings, lastAccountId: saved.lastAccountId } }),
        () => undefined,
      );
    };
    /** The settings as this window shows them: until the user chose a language, the system's (`defaultLang`). */
    const shown = (settings: AppSettings): AppSettings => (settings.languageChosen ? settings : { ...settings, language: defaultLang });
    return {
      ready: false,
      info: null,
      settings: { ...DEFAULT_APP_SETTINGS, language: defaultLang },
      accounts: [],
      accountId: null,
      page: 'overview',
      tabs: { sent: PAGE_TABS.sent[0], documents: PAGE_TABS.documents[0], settings: PAGE_TABS.settings[0] },
      addingAccount: false,
      connection: 'open',
      error: null,

      init() {
        // The window asks before React's first render, and the app's effects ask again once mounted: a
        // call while one is on its way joins it, and one after it succeeded has its answers already.
        if (!starting && get().info !== null && get().error === null) return Promise.resolve();
        starting ??= (async () => {
          try {
            const [info, settings, accounts] = await Promise.all([
              bridge.invoke('app.info', {}),
              bridge.invoke('settings.get', {}),
              bridge.invoke('accounts.list', {}),
            ]);
            // The company chosen last, as the settings remember it; the first when it is gone or none was.
            const remembered = accounts.some((a) => a.id === settings.lastAccountId) ? settings.lastAccountId : null;
            set({ info, settings: shown(settings), accounts, accountId: remembered ?? accounts[0]?.id ?? null, ready: true, error: null });
          } catch (e) {
            set({ error: toErrorView(e), ready: true });
          } finally {
            starting = null;
          }
        })();
        return starting;
      },

      async refreshAccounts() {
        try {
          const accounts = await bridge.invoke('accounts.list', {});
          const keep = accounts.some((a) => a.id === get().accountId);
          set({ accounts, accountId: keep ? get().accountId : (accounts[0]?.id ?? null), error: null });
        } catch (e) {
          set({ error: toErrorView(e) });
        }
      },

      selectAccount(id) {
        if (!get().accounts.some((a) => a.id === id) || get().accountId === id) return;
        set({ accountId: id });
        remember(id);
      },
      go(page) {
        set({ page, addingAccount: false });
      },
      setTab(page, tab) {
        if (!(PAGE_TABS[page] as readonly string[]).includes(tab) || get().tabs[page] === tab) return;
        set({ tabs: { ...get().tabs, [page]: tab } });
      },
      setAddingAccount(on) {
        set({ addingAccount: on });
      },

      async saveSettings(patch) {
        const before = get().settings;
        // Shown at once (language, theme); put back if the host refuses.
        set({ settings: applyAppSettingsPatch(before, patch) });
        try {
          set({ settings: shown(await bridge.invoke('settings.set', patch)), error: null });
        } catch (e) {
          set({ settings: before, error: toErrorView(e) });
        }
      },

      async accountAdded(account) {
        await get().refreshAccounts();
        set({ accountId: account.id, addingAccount: false, page: 'overview' });
        remember(account.id);
      },

      setConnection(connection) {
        set({ connection });
      },
    };
  });
}
