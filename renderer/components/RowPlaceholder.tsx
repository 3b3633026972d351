import { useTranslation } from 'react-i18next';

/** A row whose page is still on its way. */
export function RowPlaceholder() {
  const { t } = useTranslation();
  return (
    <span className="row-placeholder">
      <span className="visually-hidden">{t('common.loading')}</span>
    </span>
  );
}
