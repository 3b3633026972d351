import { z } from 'zod';
import { ANALYSIS_RESULTS, ANALYSIS_STATUSES, DETECT_CHECKS, DETECT_STATUSES } from '../enums';
import { countryCode, email } from './common';

// ---- Detect

export const detectChecksSchema = z.looseObject({ on_invoice_receive: z.array(z.enum(DETECT_CHECKS).or(z.string())) });
export type DetectChecks = z.infer<typeof detectChecksSchema>;

/** Also the body of the 404 "service not enabled" answer (status DISABLED, with code and message). */
export const detectResultSchema = z.looseObject({
  status: z.enum(DETECT_STATUSES).or(z.string()),
  executed_checks: z.array(z.string()),
  findings: z.array(z.string()),
});
export type DetectResult = z.infer<typeof detectResultSchema>;

const translations = z.array(z.looseObject({ lang: z.string(), text: z.string() }));
export const possibleResultSchema = z.looseObject({ status: z.string(), result: z.string(), reason: z.string(), reason_code: z.string() });
export const checkDefinitionSchema = z.looseObject({
  name: z.string(),
  friendly_name: z.string().optional(),
  friendly_names: translations.optional(),
  title: z.string().optional(),
  titles: translations.optional(),
  description: z.string().optional(),
  descriptions: translations.optional(),
  doc_description: z.string().optional(),
  resource_type: z.string().optional(),
  scope: z.string().optional(),
  scopes: z.array(z.string()).optional(),
  sources: z.array(z.string()).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
  possible_results: z.array(possibleResultSchema).optional(),
});
export type CheckDefinition = z.infer<typeof checkDefinitionSchema>;
export const checkDefinitionListSchema = z.array(checkDefinitionSchema);

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
export const analysisListSchema = z.array(analysisSchema);

// ---- Scanning (the same endpoint group as Detect in the sandbox's split of the spec)

/** Feature flags of automatic scanning; unknown flags are refused so that a typo is not silently lost. */
export const AUTOSCAN_FEATURES = ['line_items', 'attachments', 'other_documents'] as const;
export const autoscanBodySchema = z.strictObject({
  return_email_address: email,
  features: z
    .strictObject({ line_items: z.boolean().optional(), attachments: z.boolean().optional(), other_documents: z.boolean().optional() })
    .optional(),
});
export const autoscanConfigSchema = z.looseObject({
  enabled: z.boolean(),
  return_email_address: z.string().nullable(),
  features: z.record(z.string(), z.boolean()),
});
export type AutoscanConfig = z.infer<typeof autoscanConfigSchema>;

const postalAddress = z.looseObject({
  street_name: z.string().nullable().optional(),
  extra_lines: z.array(z.string()).optional(),
  city: z.string().nullable().optional(),
  post_code: z.string().nullable().optional(),
  country_code: z.string().nullable().optional(),
});
/** What the scan service form sets, after its bracketed field names are folded into objects. */
export const scanReturnAddressSchema = z.strictObject({
  email_address: email.optional(),
  postal_address: z
    .strictObject({
      street_name: z.string().min(1).max(200).optional(),
      extra_lines: z.array(z.string().max(200)).max(3).optional(),
      city: z.string().min(1).max(100).optional(),
      post_code: z
        .string()
        .regex(/^[A-Za-z0-9 -]{2,10}$/, 'must be a postal code of 2 to 10 letters or digits')
        .optional(),
      country_code: countryCode.optional(),
    })
    .optional(),
});
export type ScanReturnAddress = z.infer<typeof scanReturnAddressSchema>;
export const scanServiceSchema = z.looseObject({
  active: z.boolean(),
  scan_email_address: z.string().nullable().optional(),
  scan_postal_address: postalAddress.nullable().optional(),
  return_address: z.looseObject({ email_address: z.string().nullable().optional(), postal_address: postalAddress.nullable().optional() }),
});
export type ScanService = z.infer<typeof scanServiceSchema>;

export const supplierQueryBodySchema = z.strictObject({
  include_notified: z.boolean().optional(),
  oldest_invoice_time: z.iso.datetime({ offset: true }).or(z.iso.date()).optional(),
});
export const supplierSchema = z.looseObject({
  name: z.string().nullable(),
  business_id: z.string().nullable(),
  country: z.string().nullable().optional(),
  eia: z.string().nullable().optional(),
  invoices: z.number(),
  scanned_invoices: z.number(),
  einvoices: z.number(),
  last_invoice_at: z.string().nullable().optional(),
  notified: z.boolean(),
  notified_at: z.string().nullable().optional(),
});
export const supplierQueryResultSchema = z.looseObject({ oldest_invoice_time: z.string(), suppliers: z.array(supplierSchema) });

export const supplierNotificationBodySchema = z.strictObject({
  suppliers: z
    .array(
      z.strictObject({
        name: z.string().min(1).max(200).optional(),
        business_id: z.string().min(1).max(40).optional(),
        email: email.optional(),
        eia: z.string().min(1).max(100).optional(),
      }),
    )
    .min(1)
    .max(100),
});
export const supplierNotificationResultSchema = z.looseObject({
  notified: z.number(),
  failures: z.array(z.looseObject({ index: z.number(), name: z.string().nullable().optional(), reason: z.string() })),
});

export const scanPartnerBodySchema = z.strictObject({ company_id: z.string().min(1), scanpartner_email_address: email });
export const scanPartnerSchema = z.looseObject({
  company_id: z.string(),
  scanpartner_email_address: z.string().nullable().optional(),
});
export type ScanPartner = z.infer<typeof scanPartnerSchema>;
