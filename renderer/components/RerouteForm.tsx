import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { rerouteEinvoiceBodySchema, rerouteEmailBodySchema, reroutePrintBodySchema } from '../../shared/schemas/invoice';
import { commandInput } from '../forms/command-input';
import { bodyFrom, type FieldSpec, type FormValues } from '../forms/fields';
import { useForm } from '../forms/use-form';
import { validate } from '../forms/validation';
import { useBridge } from '../stores/context';
import { ErrorNotice } from './ErrorNotice';
import { Field } from './Field';
import { ReceiverLookup } from './services/ReceiverLookup';

export const REROUTE_METHODS = ['einvoice', 'email', 'print'] as const;
export type RerouteMethod = (typeof REROUTE_METHODS)[number];

const FIELDS: Record<RerouteMethod, readonly FieldSpec[]> = {
  einvoice: [
    { path: 'recipient_eia', kind: 'text' },
    { path: 'recipient_operator', kind: 'text' },
  ],
  email: [{ path: 'recipient_email', kind: 'email' }],
  print: [
    { path: 'recipient_name', kind: 'text' },
    { path: 'recipient_address1', kind: 'text' },
    { path: 'recipient_address2', kind: 'text', optional: true },
    { path: 'recipient_post_code', kind: 'text' },
    { path: 'recipient_post_office', kind: 'text' },
    { path: 'recipient_state', kind: 'text', optional: true },
    { path: 'recipient_country', kind: 'text' },
  ],
};
const SCHEMAS: Record<RerouteMethod, z.ZodType> = {
  einvoice: rerouteEinvoiceBodySchema,
  email: rerouteEmailBodySchema,
  print: reroutePrintBodySchema,
};
const OPTIONAL = new Set(['recipient_address2', 'recipient_state']);
const EMPTY: FormValues = Object.fromEntries(Object.values(FIELDS).flatMap((specs) => specs.map((s) => [s.path, ''])));

/** A FAILED invoice sent again another way: by e-invoice address, by e-mail or on paper. */
export function RerouteForm({
  accountId,
  invoiceId,
  recipient,
  onRerouted,
}: {
  accountId: string;
  invoiceId: string;
  /** The service took the reroute (the panel keeps this form to show its answer). */
  onRerouted?(): void;
  /** Who the invoice was for: the receiver search starts from it. */
  recipient?: { name?: string; bid?: string };
}) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [method, setMethod] = useState<RerouteMethod>('einvoice');
  const [answer, setAnswer] = useState<{ status: string | null; message: string } | null>(null);
  const [finding, setFinding] = useState(false);
  const form = useForm(`reroute-${invoiceId}`, EMPTY);
  const specs = FIELDS[method];
  const hints = { recipient_country: 'validation.country' };

  const submit = () =>
    form.submit({
      check: (v) => validate(SCHEMAS[method], bodyFrom(specs, v), t, { hints }),
      prefixes: ['body.'],
      run: async (v) => {
        setAnswer(null);
        const input = commandInput('invoices.reroute', { accountId, id: invoiceId, method, body: bodyFrom(specs, v) });
        setAnswer(await bridge.invoke('invoices.reroute', input));
        onRerouted?.();
      },
    });

  return (
    <form
      className="form reroute"
      aria-labelledby={`${form.id}-title`}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 id={`${form.id}-title`}>{t('reroute.title')}</h3>
      <p className="muted">{t('reroute.lead')}</p>
      {!answer && (
        <>
          <fieldset className="segmented">
            <legend>{t('reroute.method')}</legend>
            {REROUTE_METHODS.map((m) => (
              <label key={m} className={m === method ? 'is-current' : ''}>
                <input type="radio" name={`${form.id}-method`} value={m} checked={m === method} onChange={() => setMethod(m)} />
                {t(`reroute.methods.${m}`)}
              </label>
            ))}
          </fieldset>
          {specs.map((s) => (
            <Field key={s.path} form={form} spec={s} label={t(`reroute.fields.${s.path}`)} required={!OPTIONAL.has(s.path)} />
          ))}
          {method === 'einvoice' && (
            <div className="stack">
              <button type="button" aria-expanded={finding} onClick={() => setFinding(!finding)}>
                {finding ? t('lookup.reroute.hide') : t('lookup.reroute.find')}
              </button>
              {finding && (
                <div className="card">
                  <ReceiverLookup
                    accountId={accountId}
                    idPrefix={`reroute-${invoiceId}`}
                    heading={t('lookup.reroute.find')}
                    initial={recipient}
                    level={4}
                    onPick={(r) => {
                      form.set('recipient_eia', r.eia);
                      form.set('recipient_operator', r.operator ?? '');
                    }}
                  />
                </div>
              )}
            </div>
          )}
        </>
      )}
      <ErrorNotice error={form.failure} lines={form.unplaced} />
      {answer && (
        <div className="notice notice-ok" role="status">
          <p className="notice-title">
            {t('reroute.done', {
              status: answer.status ? t(`status.${answer.status}`, { defaultValue: answer.status }) : t('common.unknown'),
            })}
          </p>
          {answer.message && <p>{t('errors.message', { message: answer.message })}</p>}
        </div>
      )}
      {/* Once the service took it, no second reroute is one click away: the invoice is on its way again. */}
      {!answer && (
        <div className="actions">
          <button type="submit" className="primary" disabled={form.busy}>
            {form.busy ? t('common.working') : t('reroute.submit')}
          </button>
        </div>
      )}
    </form>
  );
}
