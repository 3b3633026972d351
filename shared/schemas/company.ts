import { z } from 'zod';
import {
  AUTH_STATES,
  COLOR_SCHEMES,
  COMPANY_STATES,
  DOCUMENT_TYPES,
  LETTER_CLASSES,
  NETWORKS,
  NOTIFICATION_DESTINATION_TYPES,
  ON_RECEIVING_HOW_TO_SEND,
  PROFILE_VERSIONS,
  REGISTRATION_STATUSES,
  REPORT_INTERVALS,
  SEND_EMAIL_HOW_TO_SEND,
} from '../enums';
import { countryCode, email } from './common';

// ---- Network registrations (profiles)

export const registrationSchema = z.looseObject({
  id: z.string(),
  status: z.string(),
  profile: z.string().nullable().optional(),
  profiles: z.array(z.string()),
  profile_version: z.string().nullable().optional(),
  endpoint_id: z.string().nullable().optional(),
  scheme: z.string().nullable().optional(),
  network: z.string(),
  network_settings: z.record(z.string(), z.unknown()).nullable().optional(),
  last_event: z.looseObject({ message: z.string(), created_at: z.string() }).nullable().optional(),
  profiles_with_extensions: z.array(z.looseObject({ profile_name: z.string(), extensions: z.array(z.string()) })).optional(),
});
export type Registration = z.infer<typeof registrationSchema>;

/** SCAN network_settings; unknown keys are refused so that a typo does not vanish silently. */
export const scanNetworkSettingsSchema = z.strictObject({
  return_email: email.nullable().optional(),
  return_address: z
    .strictObject({
      post_code: z.string().max(20).nullable().optional(),
      post_office: z.string().max(100).nullable().optional(),
      street_address: z.string().max(200).nullable().optional(),
    })
    .nullable()
    .optional(),
  other_docs: z.boolean().optional(),
});
export type ScanNetworkSettings = z.infer<typeof scanNetworkSettingsSchema>;

/** Electronic address characters: ISO 6523 identifiers are short and plain. */
const endpointIdText = z
  .string()
  .min(1)
  .max(60)
  .regex(/^[A-Za-z0-9._:-]+$/, 'must contain only letters, digits, dot, colon, underscore or hyphen');

export const registrationCreateBodySchema = z.strictObject({
  profiles: z.array(z.string().min(1)).min(1, 'must name at least one profile').max(20).optional(),
  profile_version: z.enum(PROFILE_VERSIONS).nullable().optional(),
  endpoint_id: endpointIdText.optional(),
  scheme: z
    .string()
    .regex(/^\d{4}$/, 'must be a 4-digit ISO 6523 code')
    .optional(),
  network: z.enum(NETWORKS).optional(),
  /** Each entry is `EXTENSION` (for INVOICE_AND_CREDIT_NOTE) or `PROFILE:EXTENSION`. */
  profiles_with_extensions: z.array(z.string().min(1)).max(20).optional(),
  network_settings: z.record(z.string(), z.unknown()).optional(),
});
export type RegistrationCreateBody = z.infer<typeof registrationCreateBodySchema>;

export const registrationPatchBodySchema = z.strictObject({ network_settings: z.record(z.string(), z.unknown()) });
export const extensionsBodySchema = z.strictObject({ profile_name: z.string().min(1), extensions: z.array(z.string().min(1)).max(20) });
/** Sandbox admin: move a registration between the statuses of unshown-parts.md. */
export const registrationStatusBodySchema = z.strictObject({
  status: z.enum(REGISTRATION_STATUSES),
  message: z.string().min(1).max(1000).optional(),
});

// ---- Settings: each section validated as the service does, with field paths in the 400 details

const PNG = [0x89, 0x50, 0x4e, 0x47];
const JPEG = [0xff, 0xd8, 0xff];

/** The image type of base64 content from its first bytes, or null when it is neither PNG nor JPEG. */
export function imageKind(base64: string): 'png' | 'jpeg' | null {
  let head: string;
  try {
    head = atob(base64.replace(/\s+/g, '').slice(0, 16));
  } catch {
    return null;
  }
  const starts = (sig: number[]) => sig.every((b, i) => head.charCodeAt(i) === b);
  return starts(PNG) ? 'png' : starts(JPEG) ? 'jpeg' : null;
}

const base64Text = z
  .string()
  .max(4_000_000, 'must be at most 3 MB of image')
  .regex(/^[A-Za-z0-9+/=\s]+$/, 'must be base64');
const logoContent = (kinds: readonly ('png' | 'jpeg')[], words: string) =>
  base64Text.refine((v) => {
    const k = imageKind(v);
    return k !== null && kinds.includes(k);
  }, `must be a base64 ${words} image`);

const onReceivingSchema = z
  .strictObject({
    enabled: z.boolean(),
    how_to_send: z.enum(ON_RECEIVING_HOW_TO_SEND).nullable().optional(),
    other_email: email.nullable().optional(),
  })
  .refine((v) => v.how_to_send !== 'OTHER_EMAIL' || !!v.other_email, {
    message: 'required when how_to_send is OTHER_EMAIL',
    path: ['other_email'],
  });

export const settingsSectionSchemas = {
  details: z.strictObject({
    name: z.string().trim().min(1).max(200),
    email: email.nullable().optional(),
    website: z.string().max(300).nullable().optional(),
  }),
  address: z.strictObject({
    street_address: z.string().max(200).nullable().optional(),
    post_code: z.string().max(20).nullable().optional(),
    post_office: z.string().max(100).nullable().optional(),
    city: z.string().max(100).nullable().optional(),
    country: countryCode,
  }),
  invoice_notifications: z.strictObject({
    on_receiving: onReceivingSchema,
    on_send_errors: z.strictObject({ to_user: z.boolean(), to_emails: z.array(email).max(20) }),
  }),
  send_invoice_email: z
    .strictObject({
      enabled: z.boolean(),
      how_to_send: z.enum(SEND_EMAIL_HOW_TO_SEND).nullable().optional(),
      reminder_frequency: z.number().int().min(0).max(365).nullable().optional(),
      content_data: z
        .strictObject({
          note_to_receiver: z.string().max(1000).nullable().optional(),
          contact: z
            .strictObject({
              email: email.nullable().optional(),
              name: z.string().max(200).nullable().optional(),
              phone: z.string().max(40).nullable().optional(),
            })
            .optional(),
        })
        .optional(),
    })
    .refine((v) => v.enabled || !v.how_to_send, {
      message: 'may be set only when enabled is true',
      path: ['how_to_send'],
    }),
  send_invoice_print: z.strictObject({
    enabled: z.boolean(),
    attachment_print: z.boolean().optional(),
    marketing_page: z.boolean().optional(),
    use_own_pdf: z.boolean().optional(),
    letter_class: z.enum(LETTER_CLASSES).optional(),
    color_scheme: z.enum(COLOR_SCHEMES).optional(),
  }),
  send_invoice_general: z.strictObject({
    hold_multiple_recipients: z.boolean(),
    stop_duplicate_numbers: z.boolean(),
  }),
  logos: z.strictObject({
    pdf: z.strictObject({ content: logoContent(['png', 'jpeg'], 'PNG or JPEG').nullable() }).optional(),
    email_header: z.strictObject({ content: logoContent(['png'], 'PNG').nullable() }).optional(),
  }),
  email_reports: z.strictObject({
    report_interval: z.enum(REPORT_INTERVALS),
    email_reports: z.array(email).max(20),
  }),
  billing_details: z.strictObject({
    electronic_invoicing_details: z
      .strictObject({
        invoicing_eia: z.string().max(60).nullable().optional(),
        invoicing_operator: z.string().max(60).nullable().optional(),
      })
      .optional(),
    invoicing_email: email.nullable().optional().or(z.literal('')),
    invoicing_street_address1: z.string().max(200).nullable().optional(),
    invoicing_street_address2: z.string().max(200).nullable().optional(),
    invoicing_post_code: z.string().max(20).nullable().optional(),
    invoicing_post_office: z.string().max(100).nullable().optional(),
    billing_company_id: z.string().max(40).nullable().optional(),
  }),
} as const;

export const settingsPatchBodySchema = z.strictObject({
  details: settingsSectionSchemas.details,
  address: settingsSectionSchemas.address,
  invoice_notifications: settingsSectionSchemas.invoice_notifications,
  send_invoice_email: settingsSectionSchemas.send_invoice_email.optional(),
  send_invoice_print: settingsSectionSchemas.send_invoice_print.optional(),
  send_invoice_general: settingsSectionSchemas.send_invoice_general.optional(),
  logos: settingsSectionSchemas.logos.optional(),
  email_reports: settingsSectionSchemas.email_reports.optional(),
  billing_details: settingsSectionSchemas.billing_details.optional(),
});
export type SettingsPatchBody = z.infer<typeof settingsPatchBodySchema>;
/** Settings as answered: every section may be absent when `fields` limits it. */
export const settingsSchema = z.looseObject({
  details: z.record(z.string(), z.unknown()).optional(),
  address: z.record(z.string(), z.unknown()).optional(),
  invoice_notifications: z.record(z.string(), z.unknown()).optional(),
  send_invoice_email: z.record(z.string(), z.unknown()).optional(),
  send_invoice_print: z.record(z.string(), z.unknown()).optional(),
  send_invoice_general: z.record(z.string(), z.unknown()).optional(),
  logos: z.record(z.string(), z.unknown()).optional(),
  email_reports: z.record(z.string(), z.unknown()).optional(),
  billing_details: z.record(z.string(), z.unknown()).optional(),
});
export type Settings = SettingsPatchBody;

// ---- Users

/** The spec shows one level of rights (admin); `user` is accepted and grants the same (sandbox/docs/company.md). */
export const USER_ROLES = ['admin', 'user'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const userSchema = z.looseObject({
  id: z.string(),
  email: z.string(),
  first_name: z.string().nullable().optional(),
  last_name: z.string().nullable().optional(),
  phone: z.string().nullable().optional(),
  user_role: z.string().nullable().optional(),
  notifications_disabled: z.boolean().optional(),
  emails_disabled: z.boolean().optional(),
});
export type User = z.infer<typeof userSchema>;
const phone = z
  .string()
  .max(40)
  .regex(/^\+?[0-9 ()-]{3,}$/, 'must be a phone number such as +358 40 123 4567');
export const userCreateBodySchema = z.strictObject({
  email,
  first_name: z.string().trim().min(1).max(100),
  last_name: z.string().max(100).optional(),
  phone: phone.optional(),
  user_role: z.enum(USER_ROLES).optional(),
  notifications_disabled: z.boolean().optional(),
  emails_disabled: z.boolean().optional(),
});
export const userPatchBodySchema = z.strictObject({
  first_name: z.string().trim().min(1).max(100).optional(),
  last_name: z.string().max(100).optional(),
  phone: phone.optional(),
  notifications_disabled: z.boolean().optional(),
  emails_disabled: z.boolean().optional(),
});
export const userRoleBodySchema = z.strictObject({ user_role: z.enum(USER_ROLES) });

// ---- Notification subscriptions

export const subscriptionSchema = z.looseObject({
  id: z.string(),
  destination_type: z.enum(NOTIFICATION_DESTINATION_TYPES),
  destination: z.string(),
  vendor_key: z.string().nullable().optional(),
  events: z.array(z.string()),
});
export type Subscription = z.infer<typeof subscriptionSchema>;

const DOCUMENT_EVENTS = ['DELIVERED', 'DELIVERY_CONFIRMED', 'FAILED', 'RECEIVED'];
const NETWORK_EVENTS = ['CREATED', 'ENABLED', 'DISABLED'];
const AUTHORIZATION_EVENTS = ['VERIFIED', 'UNVERIFIED', 'UNKNOWN'];

/**
 * Why an event name (with wildcards) is not one the service emits, or null when it is fine. `*`
 * replaces the type or the last part (DOCUMENTS.*.FAILED, NETWORKS.*, DOCUMENTS.*.*, `*`).
 */
export function eventNameProblem(name: string): string | null {
  if (name === '*' || name === 'UNACKNOWLEDGED_WEBHOOKS') return null;
  const [group, middle, last, ...rest] = name.split('.');
  if (rest.length) return 'has too many parts';
  const table: Record<string, { middle: readonly string[]; last: readonly string[]; what: string }> = {
    DOCUMENTS: { middle: DOCUMENT_TYPES, last: DOCUMENT_EVENTS, what: 'document type' },
    NETWORKS: { middle: NETWORKS, last: NETWORK_EVENTS, what: 'network' },
    COMPANIES: { middle: ['AUTHORIZATION'], last: AUTHORIZATION_EVENTS, what: 'part' },
  };
  const t = table[group ?? ''];
  if (!t) return 'must start with DOCUMENTS, NETWORKS or COMPANIES, or be UNACKNOWLEDGED_WEBHOOKS or *';
  if (middle === '*' && last === undefined) return null;
  if (middle === undefined || last === undefined) return `must be ${group}.<${t.what}>.<event> or ${group}.*`;
  if (middle !== '*' && !t.middle.includes(middle)) return `'${middle}' is not a ${t.what}`;
  if (last !== '*' && !t.last.includes(last)) return `'${last}' is not one of ${t.last.join(', ')}`;
  return null;
}

export const eventPattern = z.string().superRefine((v, ctx) => {
  const problem = eventNameProblem(v);
  if (problem) ctx.addIssue({ code: 'custom', message: `'${v}' ${problem}` });
});

/** An https URL with a host; credentials and a secret query parameter are allowed (spec: Events). */
export const webhookUrl = z
  .string()
  .max(2000)
  .refine((v) => {
    if (!/^https:\/\/[^\s/]/i.test(v)) return false;
    try {
      return new URL(v).hostname.length > 0;
    } catch {
      return false;
    }
  }, 'must be an https:// URL');

export const subscriptionCreateBodySchema = z.strictObject({
  destination_type: z.enum(NOTIFICATION_DESTINATION_TYPES),
  destination: webhookUrl,
  events: z.array(eventPattern).min(1, 'must name at least one event').max(50),
  vendor_key: z.string().min(1).optional(),
});

// ---- Company authorization, vendor link, departments, consumers

export const authorizationSchema = z.looseObject({
  auth_state: z.enum(AUTH_STATES).or(z.string()),
  auth_email: z.string().nullable().optional(),
  company_state: z.enum(COMPANY_STATES).or(z.string()),
});
export type Authorization = z.infer<typeof authorizationSchema>;
export const authorizationBodySchema = z.strictObject({
  auth_email: email,
  locale: z.string().regex(/^[a-z]{2}([_-][A-Za-z]{2})?$/, 'must be a locale such as fi, sv, nb or en'),
  options: z
    .string()
    .refine((v) => {
      try {
        const parsed: unknown = JSON.parse(v);
        return typeof parsed === 'object' && parsed !== null;
      } catch {
        return false;
      }
    }, 'must be a JSON object as a string')
    .optional(),
});
/** Sandbox admin: simulate the signer and the KYC outcome. */
export const authorizationAdminBodySchema = z.strictObject({
  auth_state: z.enum(AUTH_STATES).optional(),
  company_state: z.enum(COMPANY_STATES).optional(),
});
export const vendorLinkSchema = z.looseObject({ linked: z.boolean(), vendor: z.string().nullable().optional() });

export const departmentBodySchema = z.strictObject({
  name: z.string().trim().min(3, 'must be at least 3 characters').max(200),
  bid: z.string().trim().min(2).max(40),
  id_type: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9:_-]{1,20}$/, 'must be an identifier type such as 0216 or GLN'),
  eaid: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._:-]{1,60}$/, 'must be an electronic address identifier'),
  no_vat: z.boolean().optional(),
});
export const departmentSchema = z.looseObject({ id: z.string(), name: z.string(), bid: z.string(), id_type: z.string(), eaid: z.string() });

export const CONSUMER_STATUSES = ['ACTIVE', 'PENDING', 'INACTIVE'] as const;
export const consumerSchema = z.looseObject({ id: z.string(), name: z.string(), status: z.string() });
export const consumerAdminBodySchema = z.strictObject({
  name: z.string().trim().min(1).max(200),
  phone_number: z.string().max(40).nullable().optional(),
  customer_number: z.string().max(60).nullable().optional(),
  reference_number: z.string().max(60).nullable().optional(),
  status: z.enum(CONSUMER_STATUSES).optional(),
});
