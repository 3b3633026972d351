import { collectionCommandSchemas } from '../../shared/bridge/collection';
import {
  ACCOUNTABLE_PARTIES,
  assignmentCreateBodySchema,
  COLLECTION_TYPES,
  collectoraPutBodySchema,
  collectorbPutBodySchema,
  collectorcPutBodySchema,
  SERVICE_TYPES,
} from '../../shared/schemas/receivables';
import { bodyFrom, type FieldSpec, type FormValues } from './fields';
import { type FieldErrors, type Translate, validate } from './validation';

// The collection forms as data: the spec's fields of each onboarding body and of an assignment.

/** What a collectora service can change after joining (PATCH); the join form asks for them too. */
export const CHANGE_FIELDS: readonly FieldSpec[] = [
  { path: 'accountable_party', kind: 'select', options: ACCOUNTABLE_PARTIES },
  { path: 'service_type', kind: 'select', options: SERVICE_TYPES },
];
export const COLLECTORA_FIELDS: readonly FieldSpec[] = [
  { path: 'iban', kind: 'text' },
  { path: 'bic', kind: 'text' },
  { path: 'bank', kind: 'text' },
  { path: 'contact_person', kind: 'text' },
  { path: 'contact_email', kind: 'email' },
  { path: 'contact_phone_number', kind: 'text' },
  { path: 'customer_service_email', kind: 'email' },
  { path: 'customer_service_phone_number', kind: 'text', optional: true },
  { path: 'authorization_email', kind: 'email', optional: true },
  { path: 'billing_address.street', kind: 'text' },
  { path: 'billing_address.postal_code', kind: 'text' },
  { path: 'billing_address.city', kind: 'text' },
  { path: 'billing_address.country', kind: 'text' },
  ...CHANGE_FIELDS,
];
export const COLLECTORB_FIELDS: readonly FieldSpec[] = [
  { path: 'agreement_contact_name', kind: 'text' },
  { path: 'agreement_contact_email', kind: 'email' },
  { path: 'agreement_contact_phone', kind: 'text' },
  { path: 'existing_agreement', kind: 'bool' },
];
export const COLLECTORC_FIELDS: readonly FieldSpec[] = [{ path: 'agreement_contact_email', kind: 'email' }];
export const CLIENT_CODE_FIELDS: readonly FieldSpec[] = [{ path: 'client_code', kind: 'text' }];

const HINTS = { iban: 'validation.format', bic: 'validation.format' };
const JOIN_SCHEMAS = { collectora: collectoraPutBodySchema, collectorb: collectorbPutBodySchema, collectorc: collectorcPutBodySchema };
export const JOIN_FIELDS = { collectora: COLLECTORA_FIELDS, collectorb: COLLECTORB_FIELDS, collectorc: COLLECTORC_FIELDS };
export type JoinService = keyof typeof JOIN_SCHEMAS;

export const joinErrors = (service: JoinService, values: FormValues, t: Translate): FieldErrors =>
  validate(JOIN_SCHEMAS[service], bodyFrom(JOIN_FIELDS[service], values), t, { hints: HINTS });
export const clientCodeErrors = (values: FormValues, t: Translate): FieldErrors =>
  validate(collectionCommandSchemas.activate.shape.body, bodyFrom(CLIENT_CODE_FIELDS, values), t);

/** The assignment form: the whole amount, or its parts, never both (the service refuses both). */
export const SEND_BASE: readonly FieldSpec[] = [
  { path: 'collection_type', kind: 'select', options: COLLECTION_TYPES },
  { path: 'payer_identifiers', kind: 'list', optional: true },
  { path: 'assignment_summary', kind: 'text', optional: true },
];
export const WHOLE_FIELDS: readonly FieldSpec[] = [{ path: 'collectable_amount', kind: 'number', optional: true }];
export const PART_FIELDS: readonly FieldSpec[] = [
  { path: 'amounts.principal', kind: 'number' },
  { path: 'amounts.interest', kind: 'number', optional: true },
  { path: 'amounts.fees', kind: 'number', optional: true },
];
export const sendFields = (parts: boolean): readonly FieldSpec[] => [...SEND_BASE, ...(parts ? PART_FIELDS : WHOLE_FIELDS)];
export const sendErrors = (parts: boolean, values: FormValues, t: Translate): FieldErrors =>
  validate(assignmentCreateBodySchema, bodyFrom(sendFields(parts), values), t);
