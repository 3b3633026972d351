import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOOLEAN_OPTION_FIELDS, type FolderOptionsView, type SendingOptions } from '../../../shared/schemas/sending-options';
import { useBridge } from '../../stores/context';
import { ErrorNotice } from '../ErrorNotice';
import { ChoiceInput, ManyInput, RouteOrderInput, TriState } from './OptionInputs';
import { CHOICES, DOCUMENT_LAYOUT, FIELD_TYPES, INVOICE_LAYOUT, NEW_GROUPS, type OptionGroup } from './sending-fields';
import { TextInput } from './TextInput';
import { useAction } from './use-action';

type Value = string | boolean | string[] | undefined;
type Values = Record<string, Value>;

const isBool = (k: string) => (BOOLEAN_OPTION_FIELDS as readonly string[]).includes(k);
const list = (v: Value): string[] => (Array.isArray(v) ? v : []);

/** What is sent to sendingOptions.set: nothing for the service's default (empty text, no choice, an empty list). */
function toOptions(v: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, x] of Object.entries(v)) {
    if (x === undefined || x === '' || (Array.isArray(x) && x.length === 0)) continue;
    out[k] = typeof x === 'string' ? x.trim() : x;
  }
  return out;
}

const hasValue = (values: Values, groups: readonly OptionGroup[]) =>
  groups.some(([, keys]) => keys.some((k) => toOptions({ [k]: values[k] })[k] !== undefined));

/**
 * One outbox folder's sending options. Where the service names its values they are chosen from
 * them; what most folders set comes first, the rest is folded under "More options".
 */
export function FolderOptionsForm({
  accountId,
  view,
  onSaved,
}: {
  accountId: string;
  view: FolderOptionsView;
  onSaved(v: FolderOptionsView): void;
}) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const [values, setValues] = useState<Values>({ ...(view.options as SendingOptions) });
  const [saved, setSaved] = useState(false);
  const action = useAction();
  const layout = view.folder === 'Outbox/Invoices' ? INVOICE_LAYOUT : DOCUMENT_LAYOUT;
  const errors = action.error?.fields ?? {};
  const [more, setMore] = useState(() => hasValue(view.options as Values, layout.advanced));
  // A refusal of a folded option opens the fold, so its message is seen beside it.
  const refusedInside = layout.advanced.some(([, keys]) => keys.some((k) => errors[k] !== undefined));
  const set = (k: string, v: Value) => {
    setSaved(false);
    setValues((x) => ({ ...x, [k]: v }));
  };

  const field = (k: string) => {
    const common = { label: t(`sending.fields.${k}.label`), hint: t(`sending.fields.${k}.hint`), error: errors[k] };
    if (isBool(k)) return <TriState key={k} {...common} value={values[k] as boolean | undefined} onChange={(v) => set(k, v)} />;
    if (k === 'route_order') return <RouteOrderInput key={k} value={list(values[k])} error={errors[k]} onChange={(v) => set(k, v)} />;
    const choice = CHOICES[k];
    if (choice?.many)
      return (
        <ManyInput key={k} {...common} value={list(values[k])} values={choice.values} names={choice.names} onChange={(v) => set(k, v)} />
      );
    if (choice)
      return (
        <ChoiceInput
          key={k}
          {...common}
          value={typeof values[k] === 'string' ? (values[k] as string) : undefined}
          values={choice.values}
          names={choice.names}
          onChange={(v) => set(k, v)}
        />
      );
    return (
      <TextInput
        key={k}
        {...common}
        type={FIELD_TYPES[k]}
        value={typeof values[k] === 'string' ? (values[k] as string) : ''}
        onChange={(v) => set(k, v)}
      />
    );
  };
  const group = ([g, keys]: OptionGroup) => (
    <fieldset key={g}>
      <legend>{t(NEW_GROUPS.has(g) ? `sendingOptions.${g}` : `sending.${g}`)}</legend>
      {g === 'consumers' && <p className="muted">{t('sending.consumersLead')}</p>}
      <div className="grid-2">{keys.map(field)}</div>
    </fieldset>
  );

  return (
    <form
      className="form folder-options"
      noValidate
      aria-label={t('sending.save', { folder: view.folder })}
      onSubmit={(e) => {
        e.preventDefault();
        void action.run(async () => {
          const answer = await bridge.invoke('sendingOptions.set', { accountId, folder: view.folder, options: toOptions(values) });
          onSaved(answer);
          setSaved(true);
        });
      }}
    >
      {layout.basic.map(group)}
      <details className="more-options" open={more || refusedInside} onToggle={(e) => setMore(e.currentTarget.open)}>
        <summary>{t('sendingOptions.more')}</summary>
        {layout.advanced.map(group)}
      </details>
      <ErrorNotice error={action.error} lines={[]} />
      {saved && (
        <p className="notice notice-ok" role="status">
          {t('sending.saved')}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" disabled={action.busy}>
          {action.busy ? t('common.working') : t('sending.save', { folder: view.folder })}
        </button>
      </div>
    </form>
  );
}
