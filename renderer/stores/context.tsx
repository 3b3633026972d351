import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { Bridge } from '../../shared/bridge';
import type { Formatters } from '../i18n/format';
import type { AppState } from './app-store';
import type { Stores } from './index';

export interface AppContextValue {
  bridge: Bridge;
  stores: Stores;
  /** Wall-clock time in ms (Date.now in the app), for "3 minutes ago". */
  wallNow: () => number;
}

const AppContext = createContext<AppContextValue | null>(null);
const FormatContext = createContext<Formatters | null>(null);

export function AppProvider({ value, children }: { value: AppContextValue; children: ReactNode }) {
  return <AppContext.Provider value={value}>{children}</AppContext.Provider>;
}

export function FormatProvider({ value, children }: { value: Formatters; children: ReactNode }) {
  return <FormatContext.Provider value={value}>{children}</FormatContext.Provider>;
}

function useAppContext(): AppContextValue {
  const ctx = useContext(AppContext);
  if (!ctx) throw new Error('AppProvider is missing');
  return ctx;
}

export const useBridge = (): Bridge => useAppContext().bridge;
export const useStores = (): Stores => useAppContext().stores;
export const useWallClock = (): (() => number) => useAppContext().wallNow;

export function useFormat(): Formatters {
  const f = useContext(FormatContext);
  if (!f) throw new Error('FormatProvider is missing');
  return f;
}

export function useApp<T>(selector: (s: AppState) => T): T {
  return useStore(useStores().app, selector);
}

/** Subscribes a component to any store of the app (lists, sync, detect...). */
export function useSlice<S, T>(store: StoreApi<S>, selector: (s: S) => T): T {
  return useStore(store, selector);
}
