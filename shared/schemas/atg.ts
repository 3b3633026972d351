import { z } from 'zod';
import { ATG_AGREEMENT_STATUSES } from '../enums';
import { email } from './common';

export const atgAgreementSchema = z.looseObject({
  account_number: z.string(),
  kid_length: z.number().int(),
  reference_position: z.number().int().or(z.string()),
  payment_type_position: z.number().int().or(z.string()).nullable().optional(),
  notification_by_print: z.boolean().optional(),
  notification_by_email: z.boolean().optional(),
  status: z.enum(ATG_AGREEMENT_STATUSES).or(z.string()),
  created_at: z.string(),
});
export type AtgAgreement = z.infer<typeof atgAgreementSchema>;
export const atgAgreementListSchema = z.array(atgAgreementSchema);

/**
 * A Norwegian bank account number is 11 digits whose last digit is a MOD11 check digit over the
 * first ten (weights 5,4,3,2,7,6,5,4,3,2); a remainder that gives check digit 10 makes no valid number.
 */
export function isValidNorwegianAccount(digits: string): boolean {
  if (!/^\d{11}$/.test(digits)) return false;
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  let sum = 0;
  for (let i = 0; i < 10; i++) sum += Number(digits[i]) * (weights[i] ?? 0);
  const r = sum % 11;
  const check = r === 0 ? 0 : 11 - r;
  return check !== 10 && check === Number(digits[10]);
}

/** Norwegian bank account: 11 digits with a valid MOD11 check digit (dots and spaces allowed in input). */
export const norwegianAccountNumber = z
  .string()
  .transform((s) => s.replace(/[\s.]/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{11}$/, 'must be an 11-digit Norwegian bank account')
      .refine(isValidNorwegianAccount, 'the MOD11 check digit (the last digit) does not match'),
  );

/** A KID is 2 to 25 digits; the positions count from 1 and the last digit is the check digit. */
const agreementFields = {
  kid_length: z.number().int().min(2).max(25),
  reference_position: z.number().int().min(1).max(24),
  payment_type_position: z.number().int().min(1).max(24).nullable().optional(),
  signer_email: email,
  notification_by_print: z.boolean().optional(),
  notification_by_email: z.boolean().optional(),
};
export interface KidLayout {
  kid_length: number;
  reference_position: number;
  payment_type_position?: number | null | undefined;
}

/** Where the layout does not fit the KID: one `field: problem` line each (empty when it fits). */
export function kidLayoutProblems(l: KidLayout): string[] {
  const out: string[] = [];
  if (l.reference_position >= l.kid_length)
    out.push(`reference_position: must be before the check digit, so at most kid_length - 1 (${l.kid_length - 1})`);
  const p = l.payment_type_position;
  if (p !== null && p !== undefined) {
    if (p >= l.kid_length) out.push(`payment_type_position: must be before the check digit, so at most ${l.kid_length - 1}`);
    if (p === l.reference_position) out.push('payment_type_position: must differ from reference_position');
  }
  return out;
}

export const atgAgreementCreateBodySchema = z.strictObject({ account_number: norwegianAccountNumber, ...agreementFields });
export type AtgAgreementCreateBody = z.infer<typeof atgAgreementCreateBodySchema>;
export const atgAgreementPatchBodySchema = z
  .strictObject(agreementFields)
  .partial()
  .refine((b) => Object.keys(b).length > 0, 'give at least one field to change');
export type AtgAgreementPatchBody = z.infer<typeof atgAgreementPatchBodySchema>;

export const atgMandateSchema = z.looseObject({
  kid: z.string(),
  account_number: z.string(),
  notification: z.unknown().optional(),
  status: z.string(),
  reference_nr: z.string().nullable().optional(),
  payment_type: z.string().nullable().optional(),
  updated_at: z.string(),
  /**
   * Only with parse_values=true: the KID split by the agreement's layout. The spec shows no shape (these
   * names are the sandbox's), so one that differs is dropped rather than failing the whole search.
   */
  parsed_values: z
    .looseObject({
      reference: z.union([z.string(), z.number()]).nullable().optional(),
      payment_type: z.union([z.string(), z.number()]).nullable().optional(),
      check_digit: z.union([z.string(), z.number()]).nullable().optional(),
      valid: z.boolean().nullable().optional(),
    })
    .optional()
    .catch(undefined),
});
export type AtgMandate = z.infer<typeof atgMandateSchema>;
export const atgMandateListSchema = z.array(atgMandateSchema);

/** GET /v1/services/b2cno; the sandbox's shape is in sandbox/README.md. */
export const b2cnoInfoSchema = z.looseObject({
  status: z.string().optional(),
  efaktura: z.looseObject({ enabled: z.boolean(), issuer_id: z.string().nullable().optional() }).optional(),
  avtalegiro: z.looseObject({ enabled: z.boolean(), agreements: z.number(), active_agreements: z.number() }).optional(),
});
export type B2cnoInfo = z.infer<typeof b2cnoInfoSchema>;
