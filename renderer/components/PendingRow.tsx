import { useTranslation } from 'react-i18next';
import type { PendingFileView } from '../../shared/doctor';
import { useFormat } from '../stores/context';

/** A file the hot folders saw that has no row yet: what it waits for, in words, and when it is tried again. */
export function PendingRow({ file }: { file: PendingFileView }) {
  const { t } = useTranslation();
  const f = useFormat();
  const badge = file.state === 'locked' ? 'badge-warn' : file.state === 'held' ? 'badge-warn' : 'badge-info';
  return (
    <tr className="is-pending" data-pending-state={file.state}>
      <td>
        <span className="mono">{file.file}</span>
        <p className={file.state === 'locked' ? 'field-error' : 'muted'}>{t(`pending.reason.${file.reason}`)}</p>
        {file.tries > 0 && file.nextTryAt && (
          <p className="muted">{t('pending.tries', { count: file.tries, when: f.dateTime(file.nextTryAt) })}</p>
        )}
        {file.code && (
          <p className="muted mono" translate="no">
            {file.code}
          </p>
        )}
      </td>
      <td>
        {file.kind === 'invoice'
          ? t('sent.invoice')
          : file.kind === 'bank_message'
            ? t('sent.bankMessage')
            : (file.documentType ?? t('sent.document'))}
      </td>
      <td>
        <span className={`badge ${badge}`}>{t(`pending.state.${file.state}`)}</span>
      </td>
      <td>–</td>
      <td className="num">{file.tries}</td>
      <td>{f.dateTime(file.since)}</td>
      <td className="row-actions" />
    </tr>
  );
}
