import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormApi } from '../../forms/use-form';
import { ErrorNotice } from '../ErrorNotice';

/**
 * The frame every collection settings form shares: named for screen readers, the browser's own
 * validation off (the form's checks speak in the four languages), what no field could show, and the
 * one button that says it is working while the call runs.
 */
export function CollectionForm({
  form,
  label,
  submitLabel,
  primary = false,
  onSubmit,
  children,
}: {
  form: FormApi;
  label: string;
  submitLabel: string;
  primary?: boolean;
  onSubmit(): Promise<unknown>;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form
      className="form"
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void onSubmit();
      }}
    >
      {children}
      <ErrorNotice error={form.failure} lines={form.unplaced} />
      <div className="actions">
        <button type="submit" className={primary ? 'primary' : undefined} disabled={form.busy}>
          {form.busy ? t('common.working') : submitLabel}
        </button>
      </div>
    </form>
  );
}

/** The two choice fields of a collection service (who is accountable, which service) name their options alike. */
export const collectionOptionKey = (path: string, option: string) =>
  path === 'accountable_party' ? `collection.party.${option}` : `collection.serviceType.${option}`;
