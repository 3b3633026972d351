import { useTranslation } from 'react-i18next';
import { messageBodySchema } from '../../../shared/schemas/receivables';
import { commandInput } from '../../forms/command-input';
import type { FieldSpec } from '../../forms/fields';
import { useForm } from '../../forms/use-form';
import { validate } from '../../forms/validation';
import { useCommand } from '../../hooks/use-command';
import { useBridge, useFormat } from '../../stores/context';
import { ErrorNotice } from '../ErrorNotice';
import { Field } from '../Field';

const BODY: FieldSpec = { path: 'body', kind: 'textarea' };

/** The conversation with the agency about one invoice: read (which marks it read) and answered. */
export function CollectionMessages({ accountId, invoiceId }: { accountId: string; invoiceId: string }) {
  const { t } = useTranslation();
  const f = useFormat();
  const bridge = useBridge();
  const list = useCommand('collection.messages', { accountId, invoiceId });
  const form = useForm(`collection-reply-${invoiceId}`, { body: '' });
  const submit = () =>
    form.submit({
      check: (v) => validate(messageBodySchema, { body: String(v.body ?? '') }, t),
      prefixes: ['body.'],
      run: async (v) => {
        list.setData(
          await bridge.invoke('collection.reply', commandInput('collection.reply', { accountId, invoiceId, body: { body: v.body } })),
        );
        form.reset({ body: '' });
      },
    });
  return (
    <div className="stack">
      <h4>{t('collection.messages')}</h4>
      <ErrorNotice error={list.error} onRetry={list.reload} />
      {list.data && list.data.length === 0 && <p className="muted">{t('collection.noMessages')}</p>}
      {list.data && list.data.length > 0 && (
        <ul className="plain-list">
          {list.data.map((m) => (
            <li key={m.id}>
              <strong>{t(`collection.from.${m.sender}`, { defaultValue: m.sender })}</strong>{' '}
              <time dateTime={m.createdAt}>{f.date(m.createdAt)}</time>: {m.body}
            </li>
          ))}
        </ul>
      )}
      <form
        className="form"
        aria-label={t('collection.messages')}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field form={form} spec={BODY} label={t('collection.reply')} required />
        <ErrorNotice error={form.failure} lines={form.unplaced} />
        <div className="actions">
          <button type="submit" disabled={form.busy}>
            {form.busy ? t('common.working') : t('collection.sendReply')}
          </button>
        </div>
      </form>
    </div>
  );
}
