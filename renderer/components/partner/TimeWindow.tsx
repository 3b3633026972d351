import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../services/TextInput';

export const WINDOWS = ['day', 'week', 'month', 'custom'] as const;
export type WindowChoice = (typeof WINDOWS)[number];
const SPAN_MS: Record<Exclude<WindowChoice, 'custom'>, number> = { day: 86_400_000, week: 7 * 86_400_000, month: 30 * 86_400_000 };

export interface WindowState {
  choice: WindowChoice;
  /** Local days (YYYY-MM-DD) for a custom window. */
  from: string;
  to: string;
  /** The moment a relative window counts back from: set when the user chooses or refreshes. */
  at: number;
}

/** The window the service is asked about, or null while a custom one is incomplete or runs backwards. */
export function windowOf(w: WindowState): { after: string; before?: string } | null {
  if (w.choice !== 'custom') return { after: new Date(w.at - SPAN_MS[w.choice]).toISOString() };
  if (!w.from) return null;
  const after = new Date(`${w.from}T00:00:00`);
  // The end day counts whole: up to the start of the next day.
  const before = w.to ? new Date(`${w.to}T00:00:00`) : null;
  if (before) before.setDate(before.getDate() + 1);
  if (Number.isNaN(after.getTime()) || (before && (Number.isNaN(before.getTime()) || before < after))) return null;
  return { after: after.toISOString(), ...(before ? { before: before.toISOString() } : {}) };
}

/** Last 24 hours, 7 days, 30 days, or a span of days of the user's choosing. */
export function TimeWindow({ value, onChange }: { value: WindowState; onChange(next: WindowState): void }) {
  const { t } = useTranslation();
  const id = useId();
  const backwards = value.choice === 'custom' && value.from && value.to && value.to < value.from;
  return (
    <div className="stack">
      <div className="field">
        <label htmlFor={id}>{t('partner.window')}</label>
        <select
          id={id}
          value={value.choice}
          onChange={(e) => onChange({ ...value, choice: e.target.value as WindowChoice, at: Date.now() })}
        >
          {WINDOWS.map((w) => (
            <option key={w} value={w}>
              {t(`partner.windows.${w}`)}
            </option>
          ))}
        </select>
      </div>
      {value.choice === 'custom' && (
        <div className="filters">
          <TextInput
            type="date"
            label={t('partner.from')}
            hint={t('partner.datesHint')}
            value={value.from}
            onChange={(from) => onChange({ ...value, from })}
            required
          />
          <TextInput
            type="date"
            label={t('partner.to')}
            value={value.to}
            onChange={(to) => onChange({ ...value, to })}
            error={backwards ? t('partner.badDates') : undefined}
          />
        </div>
      )}
    </div>
  );
}
