import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parseAmount } from '../../shared/amount';
import { LOCALES } from '../../shared/locale';
import type { Lang } from '../i18n/langs';

/** The decimal separator of the language's numbers, which decides how "1.656" is read in a field. */
function decimalMarkOf(lang: string): '.' | ',' {
  const locale = LOCALES[lang as Lang] ?? LOCALES.en;
  const mark = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === 'decimal')?.value;
  return mark === '.' ? '.' : ',';
}

/**
 * One end of the sum range, typed as the user writes amounts ("1 656,25", "1656.25"): applied on Enter
 * or when leaving the field, like the sender. Text that is no amount is said so and filters nothing.
 */
export function SumFilter({
  id,
  label,
  value,
  onApply,
}: {
  id: string;
  label: string;
  value: number | undefined;
  onApply(sum: number | undefined): void;
}) {
  const { t, i18n } = useTranslation();
  const [text, setText] = useState(value === undefined ? '' : String(value));
  const [bad, setBad] = useState(false);
  // A value set from elsewhere (the filters cleared) replaces the text; the typed form of this value stays.
  useEffect(() => {
    setText((typed) => {
      if (value !== undefined && parseAmount(typed, decimalMarkOf(i18n.language)) === value) return typed;
      return value === undefined ? '' : String(value);
    });
  }, [value, i18n.language]);
  const apply = () => {
    const trimmed = text.trim();
    const sum = trimmed ? parseAmount(trimmed, decimalMarkOf(i18n.language)) : undefined;
    setBad(sum === null);
    if (sum === null) return;
    if (sum !== value) onApply(sum);
  };
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={text}
        onChange={(e) => setText(e.target.value)}
        onBlur={apply}
        onKeyDown={(e) => {
          if (e.key === 'Enter') apply();
        }}
        title={t('findInvoices.sumHint')}
        aria-invalid={bad || undefined}
        aria-describedby={bad ? `${id}-error` : undefined}
        size={10}
      />
      {bad && (
        <span id={`${id}-error`} className="field-error">
          {t('findInvoices.notAmount')}
        </span>
      )}
    </div>
  );
}
