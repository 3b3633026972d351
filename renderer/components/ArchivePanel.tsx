import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountView, BridgeErrorView } from '../../shared/bridge';
import type { ArchiveExportView, ArchiveVerifyView } from '../../shared/bridge/archive';
import { useBridge } from '../stores/context';
import { toErrorView } from '../stores/errors';
import { ErrorNotice } from './ErrorNotice';

/** Last calendar year: what an auditor asks for most. */
function lastYear(): { from: string; to: string } {
  const y = new Date().getFullYear() - 1;
  return { from: `${y}-01-01`, to: `${y}-12-31` };
}

/**
 * The sealed archive of one account (issue 42, item 4): "Verify" checks every kept file against its
 * chain and says in words what changed, went missing or was added; "Export" writes a period as one zip
 * an auditor can check anywhere. Nothing here deletes anything.
 */
export function ArchivePanel({ account }: { account: AccountView }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [period, setPeriod] = useState(lastYear);
  const [busy, setBusy] = useState<'verify' | 'export' | null>(null);
  const [verdict, setVerdict] = useState<ArchiveVerifyView | null>(null);
  const [exported, setExported] = useState<ArchiveExportView | null>(null);
  const [error, setError] = useState<BridgeErrorView | null>(null);
  const badPeriod = !period.from || !period.to || period.from > period.to;

  const run = async (what: 'verify' | 'export') => {
    setBusy(what);
    setError(null);
    try {
      if (what === 'verify') {
        setExported(null);
        setVerdict(await bridge.invoke('archive.verify', { accountId: account.id }));
      } else {
        setVerdict(null);
        setExported(await bridge.invoke('archive.export', { accountId: account.id, ...period }));
      }
    } catch (e) {
      setError(toErrorView(e));
    } finally {
      setBusy(null);
    }
  };

  const id = (s: string) => `archive-${account.id}-${s}`;
  return (
    <div className="archive-panel stack">
      <p className="muted">{t('archive.lead')}</p>
      <div className="actions">
        <button type="button" disabled={busy !== null} onClick={() => void run('verify')}>
          {t('archive.verify')}
        </button>
      </div>
      <div className="actions">
        <label htmlFor={id('from')}>{t('archive.from')}</label>
        <input id={id('from')} type="date" value={period.from} onChange={(e) => setPeriod({ ...period, from: e.target.value })} />
        <label htmlFor={id('to')}>{t('archive.to')}</label>
        <input id={id('to')} type="date" value={period.to} onChange={(e) => setPeriod({ ...period, to: e.target.value })} />
        <button type="button" disabled={busy !== null || badPeriod} aria-describedby={id('hint')} onClick={() => void run('export')}>
          {t('archive.export')}
        </button>
      </div>
      <p className="field-hint" id={id('hint')}>
        {badPeriod ? t('archive.badPeriod') : t('archive.exportHint')}
      </p>
      {busy && (
        <p className="notice notice-info" role="status">
          {t(busy === 'verify' ? 'archive.verifying' : 'archive.exporting')}
        </p>
      )}
      {verdict && <Verdict v={verdict} />}
      {exported && <Exported r={exported} />}
      <ErrorNotice error={error} />
    </div>
  );
}

function PathList({ title, paths, count }: { title: string; paths: string[]; count: number }) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <>
      <p>{title}</p>
      <ul>
        {paths.map((p) => (
          <li key={p}>
            <code>{p}</code>
          </li>
        ))}
        {count > paths.length && <li>{t('archive.more', { count: count - paths.length })}</li>}
      </ul>
    </>
  );
}

function Verdict({ v }: { v: ArchiveVerifyView }) {
  const { t } = useTranslation();
  if (v.ok)
    return (
      <div className="notice notice-ok" role="status">
        <p>{v.files === 0 ? t('archive.none') : t('archive.ok', { count: v.files })}</p>
        <p className="muted">{t('archive.seal', { hash: v.lastHash })}</p>
      </div>
    );
  return (
    <div className="notice notice-warn" role="status">
      <p>{t('archive.problems')}</p>
      <PathList title={t('archive.changed', { count: v.counts.changed })} paths={v.changed} count={v.counts.changed} />
      <PathList title={t('archive.missing', { count: v.counts.missing })} paths={v.missing} count={v.counts.missing} />
      <PathList title={t('archive.added', { count: v.counts.added })} paths={v.added} count={v.counts.added} />
      {v.counts.chain > 0 && <p>{t('archive.chain', { count: v.counts.chain, line: v.chain[0]?.line ?? 0 })}</p>}
      <p>{t('archive.whatToDo')}</p>
    </div>
  );
}

function Exported({ r }: { r: ArchiveExportView }) {
  const { t } = useTranslation();
  const unsealed = r.missing.length + r.changed.length;
  return (
    <div className={`notice ${unsealed ? 'notice-warn' : 'notice-ok'}`} role="status">
      <p>{t('archive.exported', { count: r.files, path: r.path })}</p>
      <PathList title={t('archive.missing', { count: r.missing.length })} paths={r.missing} count={r.missing.length} />
      <PathList title={t('archive.changed', { count: r.changed.length })} paths={r.changed} count={r.changed.length} />
      <p className="muted">{t('archive.seal', { hash: r.lastHash })}</p>
    </div>
  );
}
