import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export interface TabDef<K extends string> {
  id: K;
  label: string;
}

interface TabsProps<K extends string> {
  label: string;
  idPrefix: string;
  tabs: readonly TabDef<K>[];
  current: K;
  onChange(id: K): void;
  children: ReactNode;
}

/** ARIA tabs: arrow keys move between tabs, the panel is labelled by its tab. */
export function Tabs<K extends string>({ label, idPrefix, tabs, current, onChange, children }: TabsProps<K>) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.findIndex((tab) => tab.id === current);
    const step = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    e.preventDefault();
    const next = tabs[(i + step + tabs.length) % tabs.length];
    if (!next) return;
    onChange(next.id);
    refs.current[next.id]?.focus();
  };
  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tablist" onKeyDown={onKey}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            ref={(el) => {
              refs.current[tab.id] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-selected={tab.id === current}
            aria-controls={`${idPrefix}-panel`}
            tabIndex={tab.id === current ? 0 : -1}
            className={`tab${tab.id === current ? ' is-current' : ''}`}
            onClick={() => onChange(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${idPrefix}-panel`} aria-labelledby={`${idPrefix}-tab-${current}`} className="tabpanel">
        {children}
      </div>
    </div>
  );
}
