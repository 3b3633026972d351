import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BridgeErrorView } from '../../shared/bridge';
import type { User } from '../../shared/schemas/company';
import { USER_ROLES, userCreateBodySchema, userPatchBodySchema } from '../../shared/schemas/company';
import { commandInput } from '../forms/command-input';
import { bodyFrom, type FieldSpec, inputsFrom } from '../forms/fields';
import { useForm } from '../forms/use-form';
import { validate } from '../forms/validation';
import { useCommand } from '../hooks/use-command';
import { useBridge } from '../stores/context';
import { toErrorView } from '../stores/errors';
import { ConfirmButton } from './ConfirmButton';
import { ErrorNotice } from './ErrorNotice';
import { Field } from './Field';
import { Loading } from './Loading';

const ADD_SPECS: readonly FieldSpec[] = [
  { path: 'email', kind: 'email' },
  { path: 'first_name', kind: 'text' },
  { path: 'last_name', kind: 'text', optional: true },
  { path: 'phone', kind: 'text', optional: true },
  { path: 'user_role', kind: 'select', options: USER_ROLES },
  { path: 'notifications_disabled', kind: 'bool' },
  { path: 'emails_disabled', kind: 'bool' },
];
const EDIT_SPECS: readonly FieldSpec[] = ADD_SPECS.filter((s) => s.path !== 'email');
const spec = (specs: readonly FieldSpec[], path: string) => specs.find((s) => s.path === path) as FieldSpec;
/** How the commands nest the body, so the bridge's own field errors land at the inputs too. */
const PREFIXES = ['user.', 'patch.'] as const;
const EMPTY = {
  email: '',
  first_name: '',
  last_name: '',
  phone: '',
  user_role: 'admin',
  notifications_disabled: false,
  emails_disabled: false,
};

const nameOf = (u: Pick<User, 'first_name' | 'last_name' | 'email'>) => [u.first_name, u.last_name].filter(Boolean).join(' ') || u.email;

/** The fields both forms share; the e-mail only when adding (the service keeps it fixed). */
function UserFields({
  form,
  specs,
  withEmail,
  phoneHeld,
}: {
  form: ReturnType<typeof useForm>;
  specs: readonly FieldSpec[];
  withEmail: boolean;
  /** The user's phone at the service: emptying the field cannot remove it, and the hint says so. */
  phoneHeld?: string | null;
}) {
  const { t } = useTranslation();
  const cleared = Boolean(phoneHeld) && String(form.values.phone ?? '').trim() === '';
  return (
    <>
      {withEmail && <Field form={form} spec={spec(specs, 'email')} label={t('companyAdmin.users.email')} required autoComplete="off" />}
      <Field form={form} spec={spec(specs, 'first_name')} label={t('companyAdmin.users.firstName')} required autoComplete="off" />
      <Field form={form} spec={spec(specs, 'last_name')} label={t('companyAdmin.users.lastName')} autoComplete="off" />
      <Field
        form={form}
        spec={spec(specs, 'phone')}
        label={t('companyAdmin.users.phone')}
        hint={cleared ? t('companyAdmin.users.phoneCannotClear', { phone: phoneHeld }) : t('companyAdmin.users.phoneHint')}
        autoComplete="off"
      />
      <Field
        form={form}
        spec={spec(specs, 'user_role')}
        label={t('companyAdmin.users.role')}
        hint={t('users.rightsNote')}
        optionLabel={(r) => t(`companyAdmin.users.roles.${r}`, { defaultValue: r })}
      />
      <Field form={form} spec={spec(specs, 'notifications_disabled')} label={t('companyAdmin.users.notificationsDisabled')} />
      <Field form={form} spec={spec(specs, 'emails_disabled')} label={t('companyAdmin.users.emailsDisabled')} />
    </>
  );
}

function EditUser({
  accountId,
  user,
  onDone,
}: {
  accountId: string;
  user: User;
  /** `phoneKept`: the field was emptied, and the service kept the number it had. */
  onDone(saved: User | null, phoneKept?: boolean): void;
}) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const initial = { ...inputsFrom(EDIT_SPECS, user), user_role: user.user_role ?? 'admin' };
  const form = useForm(`user-edit-${user.id}`, initial);
  const save = async () => {
    const saved = await form.submit({
      check: (v) => validate(userPatchBodySchema.extend({ user_role: userCreateBodySchema.shape.user_role }), bodyFrom(EDIT_SPECS, v), t),
      run: async (v) => {
        const body = bodyFrom(EDIT_SPECS, v);
        // A cleared last name is sent as empty text; the service has no way to clear a phone, so an empty one is left out.
        const patch: Record<string, unknown> = { ...body, last_name: body.last_name ?? '' };
        if (patch.user_role === (user.user_role ?? 'admin')) delete patch.user_role;
        return bridge.invoke('company.users.update', commandInput('company.users.update', { accountId, userId: user.id, patch }));
      },
      prefixes: PREFIXES,
    });
    if (saved) onDone(saved, Boolean(saved.phone) && String(form.values.phone ?? '').trim() === '');
  };
  const titleId = `user-edit-${user.id}-title`;
  return (
    <form
      className="form card"
      aria-labelledby={titleId}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <h3 id={titleId}>{t('companyAdmin.users.editTitle', { name: nameOf(user) })}</h3>
      <p className="muted">{user.email}</p>
      <UserFields form={form} specs={EDIT_SPECS} withEmail={false} phoneHeld={user.phone} />
      <ErrorNotice error={form.failure} lines={form.unplaced} />
      <div className="actions">
        <button type="submit" className="primary" disabled={form.busy}>
          {form.busy ? t('common.working') : t('common.save')}
        </button>
        <button type="button" onClick={() => onDone(null)} disabled={form.busy}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}

/** The company's users: list, add (a new user or an existing one), edit, change the role, remove. */
export function UsersPanel({ accountId }: { accountId: string }) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const users = useCommand('company.users.list', { accountId });
  const form = useForm('user-add', EMPTY);
  const [editing, setEditing] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [removeError, setRemoveError] = useState<BridgeErrorView | null>(null);

  const add = async () => {
    setSaid(null);
    const r = await form.submit({
      check: (v) => validate(userCreateBodySchema, bodyFrom(ADD_SPECS, v), t),
      run: async (v) => bridge.invoke('company.users.add', commandInput('company.users.add', { accountId, user: bodyFrom(ADD_SPECS, v) })),
      prefixes: PREFIXES,
    });
    if (!r) return;
    const words = { name: nameOf(r.user), email: r.user.email };
    setSaid(r.created ? t('companyAdmin.users.created', words) : t('companyAdmin.users.existing', words));
    form.reset(EMPTY);
    users.reload();
  };

  const remove = async (u: User) => {
    setSaid(null);
    setRemoveError(null);
    try {
      await bridge.invoke('company.users.remove', { accountId, userId: u.id });
      setSaid(t('companyAdmin.users.removed', { name: nameOf(u), email: u.email }));
      users.reload();
    } catch (e) {
      setRemoveError(toErrorView(e));
    }
  };

  if (users.error) return <ErrorNotice error={users.error} onRetry={users.reload} />;
  if (!users.data) return <Loading />;
  const editedUser = users.data.find((u) => u.id === editing);
  return (
    <div className="stack">
      {said && (
        <p className="notice notice-ok" role="status">
          {said}
        </p>
      )}
      <ErrorNotice error={removeError} />
      <div className="table-wrap">
        <table className="table">
          <caption>{t('users.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('users.name')}</th>
              <th scope="col">{t('users.email')}</th>
              <th scope="col">{t('users.phone')}</th>
              <th scope="col">{t('users.role')}</th>
              <th scope="col">{t('users.notifications')}</th>
              <th scope="col">{t('companyAdmin.users.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {users.data.map((u) => (
              <tr key={u.id}>
                <td>{nameOf(u)}</td>
                <td>{u.email}</td>
                <td>{u.phone || '–'}</td>
                <td>{u.user_role ? t(`companyAdmin.users.roles.${u.user_role}`, { defaultValue: u.user_role }) : '–'}</td>
                <td>
                  {u.emails_disabled ? t('users.noEmails') : u.notifications_disabled ? t('users.noInvoiceMails') : t('users.allMails')}
                </td>
                <td className="row-actions">
                  <button
                    type="button"
                    aria-label={t('companyAdmin.users.editTitle', { name: nameOf(u) })}
                    onClick={() => {
                      setSaid(null);
                      setEditing(u.id);
                    }}
                  >
                    {t('common.edit')}
                  </button>
                  <ConfirmButton
                    label={t('common.remove')}
                    question={t('companyAdmin.users.removeQuestion', { name: nameOf(u), email: u.email })}
                    onConfirm={() => void remove(u)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="muted">{t('users.rightsNote')}</p>
      </div>
      {editedUser && (
        <EditUser
          key={editedUser.id}
          accountId={accountId}
          user={editedUser}
          onDone={(saved, phoneKept) => {
            setEditing(null);
            if (saved) {
              const words = { name: nameOf(saved), phone: saved.phone };
              setSaid(phoneKept ? t('companyAdmin.users.savedPhoneKept', words) : t('companyAdmin.users.saved', words));
              users.reload();
            }
          }}
        />
      )}
      <form
        className="form card"
        aria-labelledby="user-add-title"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <h3 id="user-add-title">{t('companyAdmin.users.addTitle')}</h3>
        <p className="muted">{t('companyAdmin.users.addLead')}</p>
        <UserFields form={form} specs={ADD_SPECS} withEmail />
        <ErrorNotice error={form.failure} lines={form.unplaced} />
        <div className="actions">
          <button type="submit" className="primary" disabled={form.busy}>
            {form.busy ? t('common.working') : t('companyAdmin.users.submit')}
          </button>
        </div>
      </form>
    </div>
  );
}
