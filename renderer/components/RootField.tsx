import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RootCheckView } from '../../shared/bridge';
import type { FieldSpec } from '../forms/fields';
import { type FormApi, fieldId } from '../forms/use-form';
import { useApp, useBridge } from '../stores/context';
import { Field } from './Field';

/** How long typing rests before the folder is looked at. */
const CHECK_AFTER_MS = 300;

/** The host's look at a folder as it is typed (read only: nothing is made until the account is saved). */
function useRootCheck(path: string, accountId: string | undefined, unchanged: boolean): RootCheckView | null {
  const bridge = useBridge();
  const [check, setCheck] = useState<RootCheckView | null>(null);
  useEffect(() => {
    setCheck(null);
    if (!path.trim() || unchanged) return;
    let live = true;
    const timer = setTimeout(() => {
      bridge
        .invoke('accounts.checkRoot', { path: path.trim(), ...(accountId ? { accountId } : {}) })
        .then((c) => {
          if (live) setCheck(c);
        })
        .catch(() => undefined);
    }, CHECK_AFTER_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [bridge, path, accountId, unchanged]);
  return check;
}

function checkText(t: (key: string, o?: Record<string, unknown>) => string, c: RootCheckView): string {
  if (c.problem) return t(`rootFolder.problems.${c.problem}`, { account: c.account ?? '' });
  if (!c.exists) return t('rootFolder.willCreate');
  return c.empty ? t('rootFolder.emptyFolder') : t('rootFolder.existingFolder');
}

/**
 * An account's root folder: typed, or chosen in the system's dialog where the app has one (the
 * desktop), and looked at by the host as it is typed: there and writable, to be made, or why not
 * (another account's folder around it or in it, a file, no permission). `saved`: the account's
 * current root, which needs no look.
 */
export function RootField({
  form,
  spec,
  accountId,
  saved,
  label,
  hint,
}: {
  form: FormApi;
  spec: FieldSpec;
  accountId?: string;
  saved?: string;
  label: string;
  hint: string;
}) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const canChoose = useApp((s) => s.info?.capabilities.chooseFolder === true);
  const value = typeof form.values[spec.path] === 'string' ? (form.values[spec.path] as string) : '';
  const check = useRootCheck(value, accountId, saved !== undefined && value === saved);
  const id = fieldId(form.id, spec.path);
  const choose = async () => {
    const { path } = await bridge.invoke('folders.choose', value ? { defaultPath: value } : {});
    if (path) form.set(spec.path, path);
  };
  return (
    <div className="root-field">
      <Field form={form} spec={spec} label={label} required hint={hint} autoComplete="off" />
      <div className="root-field-tools">
        {canChoose && (
          <button type="button" onClick={() => void choose()} disabled={form.busy} aria-describedby={`${id}-hint`}>
            {t('rootFolder.choose')}
          </button>
        )}
        <p id={`${id}-check`} className={`field-hint root-check${check && !check.ok ? ' is-bad' : ''}`} role="status">
          {check ? checkText(t, check) : ''}
        </p>
      </div>
    </div>
  );
}
