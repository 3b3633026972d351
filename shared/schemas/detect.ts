import { z } from 'zod';
import { ANALYSIS_RESULTS, ANALYSIS_STATUSES, DETECT_CHECKS, DETECT_STATUSES } from '../enums';

export const detectChecksSchema = z.looseObject({ on_invoice_receive: z.array(z.enum(DETECT_CHECKS).or(z.string())) });
export type DetectChecks = z.infer<typeof detectChecksSchema>;

export const detectResultSchema = z.looseObject({
  status: z.enum(DETECT_STATUSES).or(z.string()),
  executed_checks: z.array(z.string()),
  findings: z.array(z.string()),
});
export type DetectResult = z.infer<typeof detectResultSchema>;

const translations = z.array(z.looseObject({ lang: z.string(), text: z.string() }));
export const checkDefinitionSchema = z.looseObject({
  name: z.string(),
  friendly_name: z.string().optional(),
  friendly_names: translations.optional(),
  title: z.string().optional(),
  titles: translations.optional(),
  description: z.string().optional(),
  descriptions: translations.optional(),
  resource_type: z.string().optional(),
  scope: z.string().optional(),
  sources: z.array(z.string()).optional(),
  possible_results: z
    .array(z.looseObject({ status: z.string(), result: z.string(), reason: z.string(), reason_code: z.string() }))
    .optional(),
});
export type CheckDefinition = z.infer<typeof checkDefinitionSchema>;

export const analysisSchema = z.looseObject({
  analysis_id: z.string(),
  analysis_type: z.string(),
  analysis_status: z.enum(ANALYSIS_STATUSES).or(z.string()),
  analysis_title: z.string().nullable().optional(),
  analysis_trigger_date: z.string().nullable().optional(),
  analysis_origin: z.string().nullable().optional(),
  analysis_result: z
    .looseObject({
      status: z.enum(ANALYSIS_RESULTS).or(z.literal('')).or(z.string()).nullable(),
      text: z.string().nullable().optional(),
      reason_code: z.string().nullable().optional(),
      check_date: z.string().nullable().optional(),
      data: z.unknown().optional(),
    })
    .nullable(),
});
export type Analysis = z.infer<typeof analysisSchema>;
