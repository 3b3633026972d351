import { type DragEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNotice } from '../components/ErrorNotice';
import { CheckProgress } from '../components/validation/CheckProgress';
import { ValidationPanel } from '../components/validation/ValidationPanel';
import { useFormat, useSlice, useStores } from '../stores/context';

const MB = 1024 * 1024;
/** A size as the progress tells it: kB below a megabyte, MB with one decimal above. */
const bytes = (n: number, f: ReturnType<typeof useFormat>) => (n < MB ? `${f.number(n / 1024, 0)} kB` : `${f.number(n / MB, 1)} MB`);

/**
 * Validate: the user drops or chooses an invoice file, the app checks it against the official rules
 * offline (in main) and shows the report beside the invoice. The file is read only because the user
 * handed it over; nothing is kept or sent.
 */
export function ValidatePage() {
  const { t } = useTranslation();
  const f = useFormat();
  const { validate } = useStores();
  const phase = useSlice(validate, (s) => s.phase);
  const fileName = useSlice(validate, (s) => s.fileName);
  const size = useSlice(validate, (s) => s.size);
  const sent = useSlice(validate, (s) => s.sent);
  const view = useSlice(validate, (s) => s.view);
  const error = useSlice(validate, (s) => s.error);
  const progress = useSlice(validate, (s) => s.progress);
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const busy = phase === 'sending' || phase === 'validating';

  const take = (file: File | undefined) => {
    if (file) void validate.getState().validate(file, file.name);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    take(e.dataTransfer.files[0]);
  };

  return (
    <div className="page validate-page">
      <div className="page-head">
        <h1>{t('validate.title')}</h1>
      </div>
      <p className="lead">{t('validate.lead')}</p>
      <section
        className={`drop-zone${over ? ' is-over' : ''}`}
        aria-labelledby="validate-drop-title"
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
        data-testid="validate-drop"
      >
        <h2 id="validate-drop-title">{t('validate.dropTitle')}</h2>
        <p>{over ? t('validate.dropActive') : t('validate.dropHint')}</p>
        <button type="button" className="primary" disabled={busy} onClick={() => input.current?.click()}>
          {view ? t('validate.again') : t('validate.choose')}
        </button>
        {/* The button is the way in (keyboard and screen readers); the input only opens the system's chooser. */}
        <input
          ref={input}
          type="file"
          accept=".xml,application/xml,text/xml"
          className="visually-hidden"
          tabIndex={-1}
          aria-hidden="true"
          onChange={(e) => {
            take(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <div role="status" className="drop-status">
          {phase === 'sending' && fileName && (
            <p>{t('validate.sending', { name: fileName, done: bytes(sent, f), total: bytes(size, f) })}</p>
          )}
          {phase === 'validating' && fileName && <p>{t('validate.validating', { name: fileName })}</p>}
          {phase === 'cancelled' && fileName && <p>{t('checking.cancelled', { file: fileName })}</p>}
        </div>
        {phase === 'validating' && fileName && progress && (
          <CheckProgress file={fileName} progress={progress} onCancel={() => void validate.getState().cancel()} />
        )}
      </section>
      <ErrorNotice error={error} />
      {view && phase === 'done' && <ValidationPanel view={view} />}
    </div>
  );
}
