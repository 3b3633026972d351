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

/** Norwegian bank account: 11 digits (dots and spaces allowed in input). */
export const norwegianAccountNumber = z
  .string()
  .transform((s) => s.replace(/[\s.]/g, ''))
  .pipe(z.string().regex(/^\d{11}$/, 'account_number must be an 11-digit Norwegian bank account'));

const agreementFields = {
  kid_length: z.number().int().min(2).max(25),
  reference_position: z.number().int().min(1).max(25),
  payment_type_position: z.number().int().min(1).max(25).optional(),
  signer_email: email,
  notification_by_print: z.boolean().optional(),
  notification_by_email: z.boolean().optional(),
};
export const atgAgreementCreateBodySchema = z.object({ account_number: norwegianAccountNumber, ...agreementFields });
export const atgAgreementPatchBodySchema = z.object(agreementFields).partial();

export const atgMandateSchema = z.looseObject({
  kid: z.string(),
  account_number: z.string(),
  notification: z.unknown().optional(),
  status: z.string(),
  reference_nr: z.string().nullable().optional(),
  payment_type: z.string().nullable().optional(),
  updated_at: z.string(),
});
export type AtgMandate = z.infer<typeof atgMandateSchema>;
export const b2cnoInfoSchema = z.record(z.string(), z.unknown());
