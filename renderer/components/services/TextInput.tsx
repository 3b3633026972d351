import { useId } from 'react';

interface TextInputProps {
  label: string;
  value: string;
  onChange(value: string): void;
  hint?: string;
  error?: string;
  type?: 'text' | 'email' | 'date' | 'tel';
  required?: boolean;
  disabled?: boolean;
  multiline?: boolean;
  autoComplete?: string;
}

/** One labelled input with its hint and error read out with it. */
export function TextInput({
  label,
  value,
  onChange,
  hint,
  error,
  type = 'text',
  required,
  disabled,
  multiline,
  autoComplete,
}: TextInputProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    disabled,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'aria-required': required || undefined,
    autoComplete: autoComplete ?? 'off',
  } as const;
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea {...common} rows={3} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} onChange={(e) => onChange(e.target.value)} />
      )}
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

/** A labelled checkbox. */
export function CheckInput({
  label,
  checked,
  onChange,
  disabled,
  hint,
}: {
  label: string;
  checked: boolean;
  onChange(v: boolean): void;
  disabled?: boolean;
  hint?: string;
}) {
  const id = useId();
  return (
    <div className="field field-check">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.checked)}
      />
      <label htmlFor={id}>{label}</label>
      {hint && (
        <p className="field-hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
    </div>
  );
}
