import { atgAgreementCreateBodySchema, atgAgreementPatchBodySchema, kidLayoutProblems } from '../../shared/schemas/atg';
import { bodyFrom, type FieldSpec, type FormValues } from './fields';
import { type FieldErrors, type Translate, validate } from './validation';

export const LAYOUT_FIELDS: readonly FieldSpec[] = [
  { path: 'kid_length', kind: 'number' },
  { path: 'reference_position', kind: 'number' },
  { path: 'payment_type_position', kind: 'number', nullable: true },
  { path: 'signer_email', kind: 'email' },
  { path: 'notification_by_print', kind: 'bool' },
  { path: 'notification_by_email', kind: 'bool' },
];
export const CREATE_FIELDS: readonly FieldSpec[] = [{ path: 'account_number', kind: 'text' }, ...LAYOUT_FIELDS];
/** On an update the signer may stay as it is: an empty e-mail is left out. */
export const UPDATE_FIELDS: readonly FieldSpec[] = LAYOUT_FIELDS.map((f) => (f.path === 'signer_email' ? { ...f, optional: true } : f));

const HINTS = { account_number: 'validation.accountNumber' };

/** Where the KID layout does not fit (the service's rule), in the user's language at its field. */
function layoutErrors(body: Record<string, unknown>, t: Translate): FieldErrors {
  const kid = body.kid_length;
  const ref = body.reference_position;
  if (typeof kid !== 'number' || typeof ref !== 'number') return {};
  const pay = body.payment_type_position;
  const out: FieldErrors = {};
  for (const problem of kidLayoutProblems({
    kid_length: kid,
    reference_position: ref,
    payment_type_position: typeof pay === 'number' ? pay : null,
  })) {
    const field = problem.slice(0, problem.indexOf(':'));
    out[field] ??= problem.includes('differ') ? t('validation.kidSamePosition') : t('validation.kidBeforeCheck', { max: kid - 1 });
  }
  return out;
}

export function agreementErrors(mode: 'create' | 'update', values: FormValues, t: Translate): FieldErrors {
  const body = bodyFrom(mode === 'create' ? CREATE_FIELDS : UPDATE_FIELDS, values);
  const schema = mode === 'create' ? atgAgreementCreateBodySchema : atgAgreementPatchBodySchema;
  const found = validate(schema, body, t, { hints: HINTS });
  return Object.keys(found).length ? found : layoutErrors(body, t);
}
