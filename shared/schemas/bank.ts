import { z } from 'zod';

/** Lists of Finnish bank messages answer ids only. */
export const bankMessageIdListSchema = z.array(z.string().or(z.number()).transform(String));
export const bankMessageStatusSchema = z.looseObject({
  status: z.enum(['OK', 'ERROR']).or(z.string()),
  error_message_id: z.string().nullable().optional(),
});
export type BankMessageStatus = z.infer<typeof bankMessageStatusSchema>;
