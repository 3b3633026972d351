import { useTranslation } from 'react-i18next';
import type { AtgAgreement } from '../../shared/schemas/atg';
import { agreementErrors, CREATE_FIELDS, UPDATE_FIELDS } from '../forms/agreement';
import { commandInput } from '../forms/command-input';
import { bodyFrom, type FieldSpec, type FormValues, inputsFrom } from '../forms/fields';
import { useForm } from '../forms/use-form';
import { useBridge } from '../stores/context';
import { ErrorNotice } from './ErrorNotice';
import { Field } from './Field';

const REQUIRED = new Set(['account_number', 'kid_length', 'reference_position', 'signer_email']);
/** The agreement's yes/no fields (checkboxes). */
const CHOICES = new Set(['notification_by_print', 'notification_by_email']);

interface AgreementFormProps {
  accountId: string;
  /** The agreement to change; a new one when absent. */
  agreement?: AtgAgreement;
  onSaved(): void;
}

/** An AvtaleGiro agreement: the account (MOD11), the KID layout and who signs. */
export function AgreementForm({ accountId, agreement, onSaved }: AgreementFormProps) {
  const { t } = useTranslation();
  const bridge = useBridge();
  const mode = agreement ? 'update' : 'create';
  const specs = mode === 'create' ? CREATE_FIELDS : UPDATE_FIELDS;
  const field = (s: FieldSpec) => (
    <Field
      key={s.path}
      form={form}
      spec={s}
      label={t(`norway.fields.${s.path}`)}
      required={REQUIRED.has(s.path) && !(agreement && s.path === 'signer_email')}
      hint={s.path === 'account_number' ? t('norway.accountHint') : s.path === 'kid_length' ? t('norway.kidHint') : undefined}
    />
  );
  const initial: FormValues = agreement
    ? inputsFrom(UPDATE_FIELDS, agreement)
    : { ...inputsFrom(CREATE_FIELDS, {}), kid_length: '', reference_position: '' };
  const form = useForm(agreement ? `agreement-${agreement.account_number}` : 'agreement-new', initial);

  const submit = () =>
    form.submit({
      check: (v) => agreementErrors(mode, v, t),
      prefixes: ['agreement.', 'patch.'],
      run: async (v) => {
        const body = bodyFrom(specs, v);
        if (agreement) {
          await bridge.invoke(
            'norway.agreements.update',
            commandInput('norway.agreements.update', { accountId, accountNumber: agreement.account_number, patch: body }),
          );
        } else {
          await bridge.invoke('norway.agreements.create', commandInput('norway.agreements.create', { accountId, agreement: body }));
          form.reset(initial);
        }
        onSaved();
      },
    });

  return (
    <form
      className="form"
      aria-label={agreement ? t('norway.editAgreement', { account: agreement.account_number }) : t('norway.newAgreement')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      {!agreement && <h3>{t('norway.newAgreement')}</h3>}
      {/* The text fields three to a row; the yes/no choices on a row of their own below them. Mixed in
          one grid, a checkbox took a text field's cell and stood half a row off its neighbours. */}
      <div className="grid-3">{specs.filter((s) => !CHOICES.has(s.path)).map(field)}</div>
      <div className="choice-row">{specs.filter((s) => CHOICES.has(s.path)).map(field)}</div>
      <ErrorNotice error={form.failure} lines={form.unplaced} />
      <div className="actions">
        <button type="submit" className="primary" disabled={form.busy}>
          {form.busy ? t('common.working') : agreement ? t('common.save') : t('norway.create')}
        </button>
      </div>
    </form>
  );
}
