import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../shared/bridge';
import type { WebhookView } from '../../shared/bridge/company-admin';
import { eventNameProblem, webhookUrl } from '../../shared/schemas/company';
import { maskWebhookUrl, WEBHOOK_EVENT_GROUPS } from '../../shared/webhook-url';
import { commandInput } from '../forms/command-input';
import type { FieldSpec } from '../forms/fields';
import { type FormApi, fieldId, useForm } from '../forms/use-form';
import type { FieldErrors } from '../forms/validation';
import { useCommand } from '../hooks/use-command';
import { useBridge } from '../stores/context';
import { toErrorView } from '../stores/errors';
import { CommandTable } from './CommandTable';
import { ConfirmButton } from './ConfirmButton';
import { ErrorNotice } from './ErrorNotice';
import { Field } from './Field';

const TYPES = ['WEBHOOK', 'VENDOR_WEBHOOK'] as const;
const SPECS = {
  destination: { path: 'destination', kind: 'text' },
  destination_type: { path: 'destination_type', kind: 'select', options: TYPES },
  otherEvents: { path: 'otherEvents', kind: 'list' },
} satisfies Record<string, FieldSpec>;
const GROUPS = Object.keys(WEBHOOK_EVENT_GROUPS) as (keyof typeof WEBHOOK_EVENT_GROUPS)[];
const ALL_EVENTS: readonly string[] = Object.values(WEBHOOK_EVENT_GROUPS).flat();
/** A catalog key for an event name (i18next reads dots as nesting). */
export const eventKey = (name: string) => name.replace(/\*/g, 'any').replace(/\./g, '_');
const eventPath = (name: string) => `event:${name}`;
const EMPTY: Record<string, string | boolean> = {
  destination: '',
  destination_type: 'WEBHOOK',
  otherEvents: '',
  ...Object.fromEntries(ALL_EVENTS.map((e) => [eventPath(e), false])),
};

function chosenEvents(v: FormApi['values']): string[] {
  const picked = ALL_EVENTS.filter((e) => v[eventPath(e)] === true);
  const other = String(v.otherEvents ?? '')
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return [...new Set([...picked, ...other])];
}

function EventChoices({ form }: { form: FormApi }) {
  const { t } = useTranslation();
  const error = form.errors.events;
  return (
    <fieldset
      id={fieldId(form.id, 'events')}
      tabIndex={-1}
      className="event-choices"
      aria-describedby={`${form.id}-events-hint${error ? ` ${form.id}-events-error` : ''}`}
    >
      <legend>{t('companyAdmin.webhooks.eventsLegend')}</legend>
      <p className="field-hint" id={`${form.id}-events-hint`}>
        {t('companyAdmin.webhooks.eventsHint')}
      </p>
      {error && (
        <p className="field-error" id={`${form.id}-events-error`}>
          {error}
        </p>
      )}
      {GROUPS.map((g) => (
        <fieldset key={g} className="event-group">
          <legend>{t(`companyAdmin.webhooks.groups.${g}`)}</legend>
          {WEBHOOK_EVENT_GROUPS[g].map((name) => {
            const id = fieldId(form.id, eventPath(name));
            return (
              <div className="field field-check" key={name}>
                <input
                  id={id}
                  type="checkbox"
                  checked={form.values[eventPath(name)] === true}
                  disabled={form.busy}
                  onChange={(e) => form.set(eventPath(name), e.target.checked)}
                  aria-describedby={`${id}-hint`}
                />
                <label htmlFor={id}>
                  <code>{name}</code>
                </label>
                <p className="field-hint" id={`${id}-hint`}>
                  {t(`companyAdmin.webhooks.eventNames.${eventKey(name)}`)}
                </p>
              </div>
            );
          })}
        </fieldset>
      ))}
      <Field
        form={form}
        spec={SPECS.otherEvents}
        label={t('companyAdmin.webhooks.otherEvents')}
        hint={t('companyAdmin.webhooks.otherEventsHint')}
        placeholder="DOCUMENTS.CREDIT_NOTE.RECEIVED, NETWORKS.PEPPOL.ENABLED"
      />
    </fieldset>
  );
}

/**
 * The company's notification subscriptions (webhooks) for its other systems: this app polls and
 * needs none. Addresses come from main masked; the one typed in is masked once it is sent.
 */
export function WebhooksPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const list = useCommand('company.webhooks.list', { accountId });
  const form = useForm('webhook-add', EMPTY);
  const [said, setSaid] = useState<string | null>(null);
  const [failure, setFailure] = useState<BridgeErrorView | null>(null);
  const [resending, setResending] = useState(false);

  const check = (v: FormApi['values']): FieldErrors => {
    const errors: FieldErrors = {};
    const url = String(v.destination ?? '').trim();
    if (!url) errors.destination = t('validation.required');
    else if (!webhookUrl.safeParse(url).success) errors.destination = t('companyAdmin.webhooks.httpsOnly');
    const events = chosenEvents(v);
    const bad = events.map((e) => [e, eventNameProblem(e)] as const).find(([, p]) => p);
    if (bad) errors.otherEvents = t('companyAdmin.webhooks.badEvent', { name: bad[0], problem: bad[1] });
    if (events.length === 0) errors.events = t('companyAdmin.webhooks.eventsRequired');
    return errors;
  };

  const add = async () => {
    setSaid(null);
    const created = await form.submit({
      check,
      run: async (v) => {
        const subscription = {
          destination_type: v.destination_type,
          destination: String(v.destination).trim(),
          events: chosenEvents(v),
        };
        return bridge.invoke('company.webhooks.add', commandInput('company.webhooks.add', { accountId, subscription }));
      },
      prefixes: ['subscription.'],
      // The service names a refused event by its place in the list it was sent (`events.2`).
      place: (path, message) => {
        const m = /^events(?:\.(\d+))?$/.exec(path);
        if (!m) return undefined;
        const name = m[1] === undefined ? undefined : chosenEvents(form.values)[Number(m[1])];
        return { path: 'events', message: name ? `${name}: ${message}` : message };
      },
    });
    if (!created) return;
    setSaid(t('companyAdmin.webhooks.added', { destination: created.destination }));
    form.reset(EMPTY);
    list.reload();
  };

  const act = async (run: () => Promise<unknown>, done: string) => {
    setSaid(null);
    setFailure(null);
    try {
      await run();
      setSaid(done);
      list.reload();
    } catch (e) {
      setFailure(toErrorView(e));
    }
  };

  const remove = (w: WebhookView) =>
    act(
      () => bridge.invoke('company.webhooks.remove', { accountId, id: w.id }),
      t('companyAdmin.webhooks.removed', { destination: w.destination }),
    );
  const resend = async () => {
    setResending(true);
    await act(() => bridge.invoke('company.webhooks.resend', { accountId }), t('companyAdmin.webhooks.resent'));
    setResending(false);
  };

  const typed = String(form.values.destination ?? '');
  return (
    <div className="stack">
      <p className="notice notice-info">{t('companyAdmin.webhooks.appPolls')}</p>
      {said && (
        <p className="notice notice-ok" role="status">
          {said}
        </p>
      )}
      <ErrorNotice error={failure} />
      <CommandTable
        list={list}
        caption={t('companyAdmin.webhooks.title')}
        headers={[
          t('companyAdmin.webhooks.destination'),
          t('companyAdmin.webhooks.typeLabel'),
          t('companyAdmin.webhooks.events'),
          t('companyAdmin.users.actions'),
        ]}
        empty={t('companyAdmin.webhooks.none')}
        row={(w) => (
          <tr key={w.id}>
            <td>
              <code style={{ wordBreak: 'break-all' }}>{w.destination}</code>
              {w.hasSecret && <span className="muted"> ({t('companyAdmin.webhooks.masked')})</span>}
            </td>
            <td>
              {t(`companyAdmin.webhooks.types.${w.destinationType}`)}
              {w.vendorKey && <span className="muted"> ({w.vendorKey})</span>}
            </td>
            <td>
              {w.events.map((e, i) => (
                <span key={e}>
                  {i > 0 && ', '}
                  <code>{e}</code>
                </span>
              ))}
            </td>
            <td>
              <ConfirmButton
                label={t('common.remove')}
                question={t('companyAdmin.webhooks.removeQuestion', { destination: w.destination })}
                onConfirm={() => void remove(w)}
              />
            </td>
          </tr>
        )}
      />
      <section className="card stack" aria-labelledby="webhook-resend-title">
        <h3 id="webhook-resend-title">{t('companyAdmin.webhooks.resend')}</h3>
        <p className="muted">{t('companyAdmin.webhooks.resendLead')}</p>
        <div className="actions">
          <button type="button" onClick={() => void resend()} disabled={resending}>
            {resending ? t('common.working') : t('companyAdmin.webhooks.resend')}
          </button>
        </div>
      </section>
      <form
        className="form card"
        aria-labelledby="webhook-add-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <h3 id="webhook-add-title">{t('companyAdmin.webhooks.addTitle')}</h3>
        <Field
          form={form}
          spec={SPECS.destination}
          label={t('companyAdmin.webhooks.url')}
          hint={t('companyAdmin.webhooks.urlHint')}
          required
          autoComplete="off"
          placeholder="https://"
        />
        {typed.trim() && maskWebhookUrl(typed.trim()) !== typed.trim() && (
          <p className="muted" aria-live="polite">
            {t('companyAdmin.webhooks.shownAs', { destination: maskWebhookUrl(typed.trim()) })}
          </p>
        )}
        <Field
          form={form}
          spec={SPECS.destination_type}
          label={t('companyAdmin.webhooks.typeLabel')}
          hint={t('companyAdmin.webhooks.typeHint')}
          optionLabel={(v) => t(`companyAdmin.webhooks.types.${v}`)}
        />
        <EventChoices form={form} />
        <ErrorNotice error={form.failure} lines={form.unplaced} />
        <div className="actions">
          <button type="submit" className="primary" disabled={form.busy}>
            {form.busy ? t('common.working') : t('companyAdmin.webhooks.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
