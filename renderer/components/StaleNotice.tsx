import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { StoreApi } from 'zustand/vanilla';
import type { PagedListState } from '../stores/paged-list';

/** "New items have arrived" over a list whose rows were loaded before they came, with a way to show them. */
export function StaleNotice<R, F>({ list }: { list: StoreApi<PagedListState<R, F>> }) {
  const { t } = useTranslation();
  const stale = useStore(list, (s) => s.stale);
  if (!stale) return null;
  return (
    <div className="notice notice-info" role="status">
      {t('list.stale')}{' '}
      <button type="button" className="link" onClick={() => list.getState().refresh()}>
        {t('list.refresh')}
      </button>
    </div>
  );
}
