import { useCallback, useEffect, useRef, useState } from 'react';
import type { BridgeErrorView } from '../../shared/bridge';
import { toErrorView } from '../stores/errors';
import type { FieldValue, FormValues } from './fields';
import { type FieldErrors, serverFieldErrors } from './validation';

export interface SubmitOptions<T> {
  /** Client-side checks; any error stops the submit and is shown at its field. */
  check: (values: FormValues) => FieldErrors;
  run: (values: FormValues) => Promise<T>;
  /** How the command nests the form's body, to map the service's field paths back (`settings.`). */
  prefixes?: readonly string[];
  /**
   * Where a service path lands when it is not one of the form's values: a group of inputs such as
   * a list of checkboxes (`events.2` -> `events`). Answer undefined to leave the line unplaced.
   */
  place?: (path: string, message: string) => { path: string; message: string } | undefined;
}

export interface FormApi {
  id: string;
  values: FormValues;
  errors: FieldErrors;
  /** The failure of the last submit, when the command failed. */
  failure: BridgeErrorView | null;
  /** Lines of the failure that name no field of the form. */
  unplaced: string[];
  busy: boolean;
  set(path: string, value: FieldValue): void;
  reset(values: FormValues): void;
  submit<T>(opts: SubmitOptions<T>): Promise<T | undefined>;
}

export const fieldId = (formId: string, path: string) => `${formId}-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;

/**
 * The state of one form: input values by field path, errors by field path (ours before sending,
 * the service's after), and the submit that moves focus to the first field with an error.
 */
export function useForm(id: string, initial: FormValues, doc: Document | null = globalThis.document ?? null): FormApi {
  const [values, setValues] = useState<FormValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<BridgeErrorView | null>(null);
  const [unplaced, setUnplaced] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [focusPath, setFocusPath] = useState<string | null>(null);
  const valuesRef = useRef(values);
  valuesRef.current = values;

  // Focus moves once React has rendered the messages and enabled the fields again, so the screen
  // reader reads the field together with what is wrong with it.
  useEffect(() => {
    if (focusPath === null || !doc) return;
    doc.getElementById(fieldId(id, focusPath))?.focus();
    setFocusPath(null);
  }, [focusPath, doc, id]);

  const focusFirst = useCallback((errs: FieldErrors) => {
    const first = Object.keys(errs)[0];
    if (first) setFocusPath(first);
  }, []);

  const set = useCallback((path: string, value: FieldValue) => {
    setValues((v) => ({ ...v, [path]: value }));
    setErrors((e) => {
      if (!(path in e)) return e;
      const { [path]: _gone, ...rest } = e;
      return rest;
    });
  }, []);

  const reset = useCallback((next: FormValues) => {
    setValues(next);
    setErrors({});
    setFailure(null);
    setUnplaced([]);
  }, []);

  const submit = useCallback(
    async <T>(opts: SubmitOptions<T>): Promise<T | undefined> => {
      const current = valuesRef.current;
      const found = opts.check(current);
      setErrors(found);
      setFailure(null);
      setUnplaced([]);
      if (Object.keys(found).length > 0) {
        focusFirst(found);
        return undefined;
      }
      setBusy(true);
      try {
        return await opts.run(current);
      } catch (e) {
        const view = toErrorView(e);
        const { fields, rest } = serverFieldErrors(view, opts.prefixes ?? []);
        const known: FieldErrors = {};
        const elsewhere: string[] = [];
        for (const [path, msg] of Object.entries(fields)) {
          const at = path in current ? { path, message: msg } : opts.place?.(path, msg);
          if (at) known[at.path] ??= at.message;
          else elsewhere.push(`${path}: ${msg}`);
        }
        setErrors(known);
        setFailure(view);
        setUnplaced([...elsewhere, ...rest]);
        focusFirst(known);
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [focusFirst],
  );

  return { id, values, errors, failure, unplaced, busy, set, reset, submit };
}
