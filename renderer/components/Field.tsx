import type { ChangeEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldSpec } from '../forms/fields';
import { type FormApi, fieldId } from '../forms/use-form';
import { ImageInput } from './ImageInput';

export interface FieldProps {
  form: FormApi;
  spec: FieldSpec;
  label: string;
  hint?: string;
  disabled?: boolean;
  required?: boolean;
  autoComplete?: string;
  placeholder?: string;
  /** The words for a select's choice; the value itself when not given. */
  optionLabel?: (value: string) => string;
}

/** One labelled input of a form, with its hint and its error read out together with it. */
export function Field({ form, spec, label, hint, disabled, required, autoComplete, placeholder, optionLabel }: FieldProps) {
  const { t } = useTranslation();
  const id = fieldId(form.id, spec.path);
  const error = form.errors[spec.path];
  const value = form.values[spec.path];
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    name: spec.path,
    disabled: disabled || form.busy,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'aria-required': required || undefined,
  } as const;
  const onText = (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => form.set(spec.path, e.target.value);
  const text = typeof value === 'string' ? value : '';

  let control: ReactNode;
  switch (spec.kind) {
    case 'bool':
      return (
        <div className={`field field-check${error ? ' has-error' : ''}`}>
          <input {...common} type="checkbox" checked={value === true} onChange={(e) => form.set(spec.path, e.target.checked)} />
          <label htmlFor={id}>{label}</label>
          {hint && (
            <p className="field-hint" id={`${id}-hint`}>
              {hint}
            </p>
          )}
          {error && (
            <p className="field-error" id={`${id}-error`}>
              {error}
            </p>
          )}
        </div>
      );
    case 'select':
      control = (
        <select {...common} value={text} onChange={onText}>
          {(spec.nullable || spec.optional) && <option value="">{t('common.none')}</option>}
          {(spec.options ?? []).map((o) => (
            <option key={o} value={o}>
              {optionLabel ? optionLabel(o) : o}
            </option>
          ))}
        </select>
      );
      break;
    case 'textarea':
      control = <textarea {...common} value={text} onChange={onText} rows={3} placeholder={placeholder} />;
      break;
    case 'list':
      control = <textarea {...common} value={text} onChange={onText} rows={2} placeholder={placeholder ?? t('common.listPlaceholder')} />;
      break;
    case 'image':
      control = <ImageInput {...common} value={text} onChange={(v) => form.set(spec.path, v)} />;
      break;
    default:
      control = (
        <input
          {...common}
          type={spec.kind === 'number' ? 'text' : spec.kind}
          inputMode={spec.kind === 'number' ? 'numeric' : undefined}
          value={text}
          onChange={onText}
          autoComplete={autoComplete ?? 'off'}
          placeholder={placeholder}
          spellCheck={spec.kind === 'text' ? undefined : false}
        />
      );
  }

  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {control}
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {error && (
        <p className="field-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
