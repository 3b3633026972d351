import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OutboxItemView } from '../../shared/bridge';
import { useApp, useFormat, useSlice, useStores } from '../stores/context';
import { type OutboxSortKey, sortOutbox } from '../stores/outbox-store';
import { ErrorNotice } from './ErrorNotice';
import { Loading } from './Loading';
import { PendingRow } from './PendingRow';
import { RevealButton } from './RevealButton';
import { ariaSort, SortButton, type SortColumn } from './SortHeader';
import { CheckProgress } from './validation/CheckProgress';
import { BreaksFromBadge, OutboxReport, UncheckedBadge, ValidationBadge } from './validation/OutboxValidation';

/** What the hot folders picked up: waiting, sending, sent and failed, with their delivery state. */
export function OutboxTable({ onReroute }: { onReroute(remoteId: string): void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { outbox } = useStores();
  const items = useSlice(outbox, (s) => s.items);
  const pending = useSlice(outbox, (s) => s.pending);
  const loading = useSlice(outbox, (s) => s.loading);
  const error = useSlice(outbox, (s) => s.error);
  const accountId = useSlice(outbox, (s) => s.accountId);
  const sort = useSlice(outbox, (s) => s.sort);
  const checks = useSlice(outbox, (s) => s.checks);
  const rows = useMemo(() => sortOutbox(items, sort), [items, sort]);
  // The row whose validation report is open below the table (kept by id: the list reloads on every event).
  const [reportId, setReportId] = useState<number | null>(null);
  const reportItem = reportId === null ? null : (items.find((i) => i.id === reportId) ?? null);
  const columns: (SortColumn<OutboxSortKey> & { key: OutboxSortKey })[] = [
    { key: 'file', label: t('sent.file') },
    { key: 'kind', label: t('sent.kind') },
    { key: 'state', label: t('sent.state') },
    { key: 'delivery', label: t('sent.delivery') },
    { key: 'attempts', label: t('sent.attempts'), className: 'num', first: 'desc' },
    { key: 'updated', label: t('sent.updated'), first: 'desc' },
  ];

  return (
    <div>
      <ErrorNotice error={error} onRetry={() => void outbox.getState().load(accountId)} />
      {checks.length > 0 && (
        <section className="check-list" aria-label={t('checking.title')}>
          <ul>
            {checks.map((c) => (
              <li key={c.id} data-check={c.file}>
                <CheckProgress file={c.file} progress={c} onCancel={() => void outbox.getState().cancelCheck(c.id)} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {items.length === 0 && pending.length === 0 && checks.length > 0 ? null : items.length === 0 && pending.length === 0 ? (
        loading ? (
          <Loading />
        ) : (
          <EmptyOutbox accountId={accountId} />
        )
      ) : (
        <div className="table-wrap">
          <table className="table">
            <caption className="visually-hidden">{t('sent.outbox')}</caption>
            <thead>
              <tr>
                {columns.map((c) => (
                  <th key={c.key} scope="col" className={c.className} aria-sort={ariaSort(sort, c.key)}>
                    <SortButton column={c} sort={sort} onSort={(next) => outbox.getState().setSort(next)} />
                  </th>
                ))}
                <th scope="col">
                  <span className="visually-hidden">{t('sent.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {pending
                // A file being checked shows above with its progress and Cancel: its row would say less.
                .filter((p) => !(p.state === 'checking' && checks.some((c) => c.file === p.file)))
                .map((p) => (
                  <PendingRow key={`pending:${p.file}`} file={p} />
                ))}
              {rows.map((i) => (
                <OutboxRow key={i.id} item={i} when={f.dateTime(i.updatedAt)} onReroute={onReroute} onReport={setReportId} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {reportItem && <OutboxReport key={reportItem.id} item={reportItem} onClose={() => setReportId(null)} />}
    </div>
  );
}

/** The root's separator (a Windows root has backslashes): the folder is named as the user's system writes it. */
const under = (root: string, rel: string) => {
  const sep = root.includes('\\') && !root.includes('/') ? '\\' : '/';
  return `${root.replace(/[\\/]+$/, '')}${sep}${rel.split('/').join(sep)}`;
};

/** Nothing dropped yet: where to drop files, one click from the folder. */
function EmptyOutbox({ accountId }: { accountId: string | null }) {
  const { t } = useTranslation();
  const account = useApp((s) => s.accounts.find((a) => a.id === accountId) ?? null);
  return (
    <div className="stack">
      <p className="muted">{t('sent.outboxEmpty')}</p>
      {account && (
        <p>
          {t('reveal.outboxAt')}{' '}
          <code className="mono" translate="no">
            {under(account.root, 'Outbox/Invoices')}
          </code>{' '}
          <RevealButton accountId={account.id} target={{ folder: 'outbox' }} label={t('reveal.show')} />
        </p>
      )}
    </div>
  );
}

interface OutboxRowProps {
  item: OutboxItemView;
  when: string;
  onReroute(remoteId: string): void;
  onReport(id: number): void;
}

function OutboxRow({ item, when, onReroute, onReport }: OutboxRowProps) {
  const { t } = useTranslation();
  const { outbox } = useStores();
  // Not checked (too large ...): held before any try under block, or sent under warn; said in the window's language.
  const notChecked = item.validation?.notChecked;
  const held = notChecked && item.state === 'needs_user' && item.attempts === 0;
  return (
    <tr className={item.state === 'failed' || item.state === 'needs_user' || item.needsReroute ? 'is-failed' : ''}>
      <td>
        <span className="mono">{item.file}</span>
        {/* What kind of failure, in the window's language; the engine's own sentence (English, with its codes) folded below. */}
        {notChecked && !held && item.state !== 'failed' && (
          <p className="muted">{t('checking.sent', { why: t(`checking.why.${notChecked}`) })}</p>
        )}
        {item.lastError && (
          <div className="field-error">
            {held ? (
              <p>{t('checking.held', { why: t(`checking.why.${notChecked}`) })}</p>
            ) : (
              item.errorKind && <p>{t(`errors.kinds.${item.errorKind}`)}</p>
            )}
            <details className="notice-raw">
              <summary>{t('failure.details')}</summary>
              <p className="mono">{item.lastError}</p>
            </details>
          </div>
        )}
        {item.unchecked && <p className="muted">{t(`validate.unchecked.${item.unchecked}`)}</p>}
      </td>
      <td>
        {item.kind === 'invoice'
          ? t('sent.invoice')
          : item.kind === 'bank_message'
            ? t('sent.bankMessage')
            : (item.documentType ?? t('sent.document'))}
      </td>
      <td>
        <span className={`badge badge-outbox-${item.state}`}>{t(`outbox.state.${item.state}`, { defaultValue: item.state })}</span>
        {item.validation && (
          <>
            {' '}
            <ValidationBadge summary={item.validation} />
            {item.validation.breaksFrom && (
              <>
                {' '}
                <BreaksFromBadge summary={item.validation} />
              </>
            )}
          </>
        )}
        {item.unchecked && (
          <>
            {' '}
            <UncheckedBadge />
          </>
        )}
      </td>
      <td>{item.deliveryStatus ? t(`status.${item.deliveryStatus}`, { defaultValue: item.deliveryStatus }) : '–'}</td>
      <td className="num">{item.attempts}</td>
      <td>{when}</td>
      <td className="row-actions">
        {item.validation && (
          <button type="button" className="link" onClick={() => onReport(item.id)} aria-label={t('validate.reportOf', { file: item.file })}>
            {t('validate.openReport')}
          </button>
        )}
        {item.path && (
          <RevealButton
            accountId={item.accountId}
            target={{ path: item.path }}
            label={t('files.showInFolder')}
            name={`${t('files.showInFolder')}: ${item.file}`}
          />
        )}
        {item.notePath && (
          <RevealButton
            accountId={item.accountId}
            target={{ path: item.notePath }}
            label={t('reveal.showNote')}
            name={`${t('reveal.showNote')}: ${item.file}`}
          />
        )}
        {item.state === 'held_duplicate' && (
          <button type="button" onClick={() => void outbox.getState().force(item.id)}>
            {t('sent.sendAnyway')}
          </button>
        )}
        {item.state === 'needs_user' &&
          (held ? (
            <button
              type="button"
              onClick={() => void outbox.getState().retry(item.id)}
              aria-label={t('checking.sendAnywayOf', { file: item.file })}
            >
              {t('checking.sendAnyway')}
            </button>
          ) : (
            <button type="button" onClick={() => void outbox.getState().retry(item.id)}>
              {t('sent.tryAgain')}
            </button>
          ))}
        {item.needsReroute && item.remoteId && (
          <button type="button" className="primary" onClick={() => onReroute(item.remoteId as string)}>
            {t('sent.reroute')}
          </button>
        )}
      </td>
    </tr>
  );
}
