import type { i18n } from 'i18next';
import { useEffect } from 'react';
import type { BridgeClient } from './bridge/http';
import { showLanguage } from './i18n';
import { isLang } from './i18n/langs';
import { followRoutes } from './routes';
import { followAccount, type Stores } from './stores';
import { showChangedInvoice } from './stores/changed-invoice';

/**
 * What ties the stores to the bridge and the page: pushed events, the chosen account, the
 * connection state, and the language and theme on the <html> element.
 */
export function useAppEffects(bridge: BridgeClient, stores: Stores, i18nInstance: i18n, doc: Document, shown: boolean): void {
  /*
   * The lists follow the chosen account, and the address opens its item, once the window shows an
   * account (`shown`: after the render that put it on screen). Followed from the splash (a host
   * slower than the first render waits for, renderer/main.tsx), setting the account from the first
   * answers sent a dozen list requests, about 0.1 s of the page's thread in Chromium, ahead of the
   * render that shows the Overview.
   */
  useEffect(() => {
    if (!shown) return;
    const offs = [followAccount(stores)];
    // After followAccount: an address naming an item opens it once the account's lists are set.
    const win = doc.defaultView;
    if (win) offs.push(followRoutes(stores, win));
    return () => {
      for (const off of offs) off();
    };
  }, [shown, stores, doc]);

  useEffect(() => {
    void stores.app.getState().init();
    const offs = [stores.sync.getState().attach(), stores.outbox.getState().attach()];
    let wasClosed = false;
    offs.push(
      bridge.onConnection((state) => {
        stores.app.getState().setConnection(state);
        if (state === 'closed') wasClosed = true;
        if (state === 'open' && wasClosed) {
          // Events were missed while the socket was down: ask again for what they would have said.
          wasClosed = false;
          void stores.app.getState().refreshAccounts();
          void stores.sync.getState().refresh();
          for (const list of [stores.received, stores.sent, stores.documents, stores.sentDocuments, stores.bank])
            list.getState().markStale();
        }
      }),
      bridge.subscribe('item.received', (e) => {
        if (e.accountId !== stores.app.getState().accountId) return;
        if (e.kind === 'invoice') {
          stores.received.getState().markStale();
          stores.warned.getState().markStale();
        } else if (e.kind === 'document') stores.documents.getState().markStale();
        else stores.bank.getState().markStale();
      }),
      bridge.subscribe('item.delivery', (e) => {
        if (e.accountId !== stores.app.getState().accountId) return;
        stores.sent.getState().markStale();
        stores.sentDocuments.getState().markStale();
      }),
      bridge.subscribe('item.sent', (e) => {
        if (e.accountId !== stores.app.getState().accountId) return;
        stores.sent.getState().markStale();
        stores.sentDocuments.getState().markStale();
      }),
      bridge.subscribe('invoice.changed', (e) => {
        if (e.accountId === stores.app.getState().accountId) showChangedInvoice(stores, e.invoiceId, e.row);
      }),
      bridge.subscribe('accounts.changed', () => void stores.app.getState().refreshAccounts()),
    );
    return () => {
      for (const off of offs) off();
    };
  }, [bridge, stores]);

  useEffect(() => {
    const apply = (lang: string, theme: string, accountId: string | null) => {
      doc.documentElement.lang = lang;
      if (theme === 'system') delete doc.documentElement.dataset.theme;
      else doc.documentElement.dataset.theme = theme;
      if (i18nInstance.language !== lang && isLang(lang))
        void showLanguage(i18nInstance, lang, () => stores.app.getState().settings.language);
      if (accountId) void stores.detect.getState().load(accountId, stores.app.getState().settings.language);
    };
    const s = stores.app.getState();
    apply(s.settings.language, s.settings.theme, s.accountId);
    return stores.app.subscribe((next, prev) => {
      if (
        next.settings.language === prev.settings.language &&
        next.settings.theme === prev.settings.theme &&
        next.accountId === prev.accountId
      )
        return;
      const reloadDetect = next.settings.language !== prev.settings.language || next.accountId !== prev.accountId;
      apply(next.settings.language, next.settings.theme, reloadDetect ? next.accountId : null);
    });
  }, [stores, i18nInstance, doc]);
}
