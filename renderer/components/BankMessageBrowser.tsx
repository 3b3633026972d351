import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { BankMessageRow, BankMessageSortKey } from '../../shared/bridge';
import { useFileText } from '../hooks/use-file-text';
import { useApp, useFormat } from '../stores/context';
import type { BankMessageList } from '../stores/lists';
import { BrowserList } from './BrowserList';
import { ErrorNotice } from './ErrorNotice';
import { FileList } from './FileList';
import { Loading } from './Loading';
import { RowPlaceholder } from './RowPlaceholder';
import { type SortColumn, SortHeader } from './SortHeader';
import { StaleNotice } from './StaleNotice';
import { VirtualList } from './VirtualList';

const keyOf = (r: BankMessageRow) => `${r.kind}:${r.id}`;

/** "RI ADD" (bankMessageLabel in main) in words: the type, and the action where the message has one. */
function typeWords(t: TFunction, code: string | null): string {
  const [type, action] = (code ?? '').split(' ');
  if (!type || !['RI', 'SI', 'RP'].includes(type)) return '–';
  const name = t(`bankType.${type}`);
  return action && ['ADD', 'CHANGE', 'DEL'].includes(action) ? `${name}: ${t(`bankType.action.${action}`)}` : name;
}

function BankRow({ row }: { row: BankMessageRow | undefined }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (!row) return <RowPlaceholder />;
  return (
    <span className="doc-row">
      <span>{t(`bank.kind.${row.kind}`)}</span>
      <span>{typeWords(t, row.messageType)}</span>
      <span className="mono">{row.id}</span>
      <span>{f.dateTime(row.seenAt)}</span>
      <span>{t(`files.state.${row.file.state}`)}</span>
    </span>
  );
}

function BankDetail({ accountId, row, onClose }: { accountId: string; row: BankMessageRow; onClose(): void }) {
  const { t } = useTranslation();
  const { text, error } = useFileText(accountId, row.file.state === 'done' ? row.file.path : null);
  return (
    <section className="detail" aria-labelledby="bank-detail-title">
      <div className="detail-head">
        <h2 id="bank-detail-title">
          {t(`bank.kind.${row.kind}`)} {row.id}
        </h2>
        <button type="button" className="icon" onClick={onClose} aria-label={t('common.close')} title={t('common.close')}>
          ×
        </button>
      </div>
      <FileList accountId={accountId} files={[row.file]} />
      <ErrorNotice error={error} />
      {row.file.state === 'done' && text === null && !error && <Loading />}
      {text !== null && (
        <section aria-labelledby="bank-content-title">
          <h3 id="bank-content-title">{t('bank.content')}</h3>
          {/* Scrolls on its own, so it takes focus for the keyboard to scroll it. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard */}
          <pre className="file-text" tabIndex={0}>
            {text}
          </pre>
        </section>
      )}
    </section>
  );
}

function BankHeader({ list }: { list: BankMessageList }) {
  const { t } = useTranslation();
  const sort = useStore(list, (s) => s.filter.sort);
  const columns: SortColumn<BankMessageSortKey>[] = [
    { key: 'kind', label: t('bank.columns.kind') },
    { key: 'type', label: t('bank.columns.type') },
    { key: 'id', label: t('bank.columns.id') },
    { key: 'seen', label: t('bank.columns.seen'), first: 'desc' },
    { key: 'file', label: t('bank.columns.file') },
  ];
  return (
    <SortHeader
      label={t('list.columnsOf', { list: t('bank.listLabel') })}
      rowClass="doc-row doc-header"
      columns={columns}
      sort={sort}
      onSort={(next) => list.getState().setFilter({ sort: next })}
    />
  );
}

/** Finnish bank messages (incoming payments, what was sent, errors) and their content. */
export function BankMessageBrowser({ list }: { list: BankMessageList }) {
  const { t } = useTranslation();
  const accountId = useApp((s) => s.accountId);
  const error = useStore(list, (s) => s.error);
  const openId = useStore(list, (s) => s.openId);
  const open = useStore(list, (s) => (s.openId ? (s.rows.find((r) => keyOf(r) === s.openId) ?? null) : null));
  return (
    <div className={`browser${openId ? ' has-detail' : ''}`}>
      <BrowserList>
        <StaleNotice list={list} />
        <ErrorNotice error={error} onRetry={() => list.getState().refresh()} />
        <BankHeader list={list} />
        <VirtualList
          store={list}
          rowId={keyOf}
          label={t('bank.listLabel')}
          idPrefix="bank-row"
          rowHeight={44}
          renderRow={(row) => <BankRow row={row} />}
          empty={<p className="muted">{t('bank.empty')}</p>}
        />
      </BrowserList>
      {open && accountId && <BankDetail key={keyOf(open)} accountId={accountId} row={open} onClose={() => list.getState().close()} />}
    </div>
  );
}
