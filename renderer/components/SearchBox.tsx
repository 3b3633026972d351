import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchShortcut } from '../hooks/use-search-shortcut';

interface SearchBoxProps {
  id: string;
  value: string;
  label: string;
  /** What the field looks in; a general "Search" when left out. */
  placeholder?: string;
  onChange(value: string): void;
}

/** The search field of a list; "/" anywhere on the page jumps here. */
export function SearchBox({ id, value, label, placeholder, onChange }: SearchBoxProps) {
  const { t } = useTranslation();
  const ref = useRef<HTMLInputElement>(null);
  useSearchShortcut(ref);
  return (
    <div className="search">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        ref={ref}
        id={id}
        type="search"
        value={value}
        placeholder={placeholder ?? t('common.searchPlaceholder')}
        aria-keyshortcuts="/"
        onChange={(e) => onChange(e.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
    </div>
  );
}
