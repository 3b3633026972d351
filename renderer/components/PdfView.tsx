import { useTranslation } from 'react-i18next';
import type { LocalFileView } from '../../shared/bridge';
import { useFileUrl } from '../hooks/use-file-url';
import { ErrorNotice } from './ErrorNotice';
import { Loading } from './Loading';

/** The invoice's PDF image, shown in the page (the file comes through the bridge, never by URL). */
export function PdfView({ accountId, file }: { accountId: string; file: LocalFileView }) {
  const { t } = useTranslation();
  const { url, type, error } = useFileUrl(accountId, file.state === 'done' ? file.path : null);
  if (file.state !== 'done' || !file.path) return <p className="muted">{t(`files.state.${file.state}`)}</p>;
  if (error) return <ErrorNotice error={error} />;
  if (!url) return <Loading />;
  return type?.startsWith('image/') ? (
    <img className="pdf-view" src={url} alt={t('files.imageOf', { name: file.filename })} />
  ) : (
    <iframe className="pdf-view" src={url} title={t('files.imageOf', { name: file.filename })} />
  );
}
