import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DEPRECATED_ROUTES, OPTION_VALUES } from '../../../shared/schemas/sending-options';
import { CheckInput } from './TextInput';

interface Described {
  label: string;
  hint: string;
  error?: string;
}

function Hint({ id, hint, error }: { id: string; hint: string; error?: string }) {
  return (
    <>
      <p className="field-hint" id={`${id}-hint`}>
        {hint}
      </p>
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </>
  );
}

/** One yes/no option: the service's default (left out), yes or no. */
export function TriState({
  label,
  hint,
  error,
  value,
  onChange,
}: Described & { value: boolean | undefined; onChange(v: boolean | undefined): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        value={value === undefined ? '' : String(value)}
        onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value === 'true')}
      >
        <option value="">{t('sending.default')}</option>
        <option value="true">{t('sending.yes')}</option>
        <option value="false">{t('sending.no')}</option>
      </select>
      <Hint id={id} hint={hint} error={error} />
    </div>
  );
}

/**
 * One value from the list the service takes, or its default. A value saved before that is not on the
 * list is kept as a choice of its own, said to be one the service does not take, so opening the form
 * never changes what is saved.
 */
export function ChoiceInput({
  label,
  hint,
  error,
  value,
  values,
  names,
  onChange,
}: Described & { value: string | undefined; values: readonly string[]; names: string; onChange(v: string | undefined): void }) {
  const { t } = useTranslation();
  const id = useId();
  const stray = value !== undefined && !values.includes(value);
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        aria-invalid={error || stray ? true : undefined}
        value={value ?? ''}
        onChange={(e) => onChange(e.target.value || undefined)}
      >
        <option value="">{t('sending.default')}</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {t(`${names}.${v}`)}
          </option>
        ))}
        {stray && <option value={value}>{t('sendingOptions.notTaken', { value })}</option>}
      </select>
      <Hint id={id} hint={hint} error={error} />
    </div>
  );
}

/** Several values from the service's list, each a checkbox (the routes an invoice must not take). */
export function ManyInput({
  label,
  hint,
  error,
  value,
  values,
  names,
  onChange,
}: Described & { value: readonly string[]; values: readonly string[]; names: string; onChange(v: string[]): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="field-group" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend>{label}</legend>
      {values.map((v) => (
        <CheckInput
          key={v}
          label={t(`${names}.${v}`)}
          checked={value.includes(v)}
          onChange={(on) => onChange(on ? [...value, v] : value.filter((x) => x !== v))}
        />
      ))}
      <Hint id={id} hint={hint} error={error} />
    </fieldset>
  );
}

/** The consumer routes in the order they are tried: ticking one puts it last, its number says where. */
export function RouteOrderInput({ value, error, onChange }: { value: readonly string[]; error?: string; onChange(v: string[]): void }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="field-group" aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}>
      <legend>{t('sending.routeOrder')}</legend>
      {OPTION_VALUES.route_order.map((r) => {
        const at = value.indexOf(r);
        const deprecated = (DEPRECATED_ROUTES as readonly string[]).includes(r);
        return (
          <CheckInput
            key={r}
            label={`${at >= 0 ? `${at + 1}. ` : ''}${t(`sendingValues.routeOrder.${r}`)}${deprecated ? ` ${t('sending.deprecated')}` : ''}`}
            checked={at >= 0}
            onChange={(on) => onChange(on ? [...value, r] : value.filter((x) => x !== r))}
          />
        );
      })}
      <Hint id={id} hint={t('sending.routeOrderHint')} error={error} />
    </fieldset>
  );
}
