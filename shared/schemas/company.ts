import { z } from 'zod';
import {
  AUTH_STATES,
  COLOR_SCHEMES,
  COMPANY_STATES,
  LETTER_CLASSES,
  NETWORKS,
  NOTIFICATION_DESTINATION_TYPES,
  ON_RECEIVING_HOW_TO_SEND,
  PROFILE_VERSIONS,
  REPORT_INTERVALS,
  SEND_EMAIL_HOW_TO_SEND,
} from '../enums';
import { countryCode, email, httpsUrl } from './common';

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

export const scanNetworkSettingsSchema = z.object({
  return_email: email.optional(),
  return_address: z.object({ post_code: z.string(), post_office: z.string(), street_address: z.string() }).partial().optional(),
  other_docs: z.boolean().optional(),
});

export const registrationCreateBodySchema = z.object({
  profiles: z.array(z.string().min(1)).optional(),
  profile_version: z.enum(PROFILE_VERSIONS).nullable().optional(),
  endpoint_id: z.string().min(1).optional(),
  scheme: z
    .string()
    .regex(/^\d{4}$/, 'scheme is a 4-digit ISO 6523 code')
    .optional(),
  network: z.enum(NETWORKS).optional(),
  profiles_with_extensions: z.array(z.string()).optional(),
  network_settings: z.record(z.string(), z.unknown()).optional(),
});
export type RegistrationCreateBody = z.infer<typeof registrationCreateBodySchema>;

export const registrationPatchBodySchema = z.object({ network_settings: z.record(z.string(), z.unknown()) });
export const extensionsBodySchema = z.object({ profile_name: z.string().min(1), extensions: z.array(z.string()) });

// ---- Settings: each section validated as the service does, with field paths in the 400 details

const base64Image = z.string().regex(/^[A-Za-z0-9+/=\s]+$/, 'must be base64');

export const settingsSectionSchemas = {
  details: z.object({ name: z.string().min(1).max(200), email: email.nullable().optional(), website: z.string().nullable().optional() }),
  address: z.object({
    street_address: z.string().nullable().optional(),
    post_code: z.string().nullable().optional(),
    post_office: z.string().nullable().optional(),
    city: z.string().nullable().optional(),
    country: countryCode,
  }),
  invoice_notifications: z.object({
    on_receiving: z
      .object({
        enabled: z.boolean(),
        how_to_send: z.enum(ON_RECEIVING_HOW_TO_SEND).nullable().optional(),
        other_email: email.nullable().optional(),
      })
      .refine((v) => v.how_to_send !== 'OTHER_EMAIL' || !!v.other_email, {
        message: 'other_email is required when how_to_send is OTHER_EMAIL',
        path: ['other_email'],
      }),
    on_send_errors: z.object({ to_user: z.boolean(), to_emails: z.array(email) }),
  }),
  send_invoice_email: z
    .object({
      enabled: z.boolean(),
      how_to_send: z.enum(SEND_EMAIL_HOW_TO_SEND).nullable().optional(),
      reminder_frequency: z.number().int().min(0).max(365).nullable().optional(),
      content_data: z
        .object({
          note_to_receiver: z.string().max(1000).nullable().optional(),
          contact: z
            .object({ email: email.nullable().optional(), name: z.string().nullable().optional(), phone: z.string().nullable().optional() })
            .optional(),
        })
        .optional(),
    })
    .refine((v) => v.enabled || !v.how_to_send, {
      message: 'how_to_send may be set only when enabled is true',
      path: ['how_to_send'],
    }),
  send_invoice_print: z.object({
    enabled: z.boolean(),
    attachment_print: z.boolean().optional(),
    marketing_page: z.boolean().optional(),
    use_own_pdf: z.boolean().optional(),
    letter_class: z.enum(LETTER_CLASSES).optional(),
    color_scheme: z.enum(COLOR_SCHEMES).optional(),
  }),
  send_invoice_general: z.object({
    hold_multiple_recipients: z.boolean(),
    stop_duplicate_numbers: z.boolean(),
  }),
  logos: z.object({
    pdf: z.object({ content: base64Image.nullable() }).optional(),
    email_header: z.object({ content: base64Image.nullable() }).optional(),
  }),
  email_reports: z.object({
    report_interval: z.enum(REPORT_INTERVALS),
    email_reports: z.array(email),
  }),
  billing_details: z.object({
    electronic_invoicing_details: z
      .object({ invoicing_eia: z.string().nullable().optional(), invoicing_operator: z.string().nullable().optional() })
      .optional(),
    invoicing_email: email.nullable().optional().or(z.literal('')),
    invoicing_street_address1: z.string().nullable().optional(),
    invoicing_street_address2: z.string().nullable().optional(),
    invoicing_post_code: z.string().nullable().optional(),
    invoicing_post_office: z.string().nullable().optional(),
    billing_company_id: z.string().nullable().optional(),
  }),
} as const;

export const settingsPatchBodySchema = z.object({
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
export const userCreateBodySchema = z.object({
  email,
  first_name: z.string().min(1),
  last_name: z.string().optional(),
  phone: z.string().optional(),
  user_role: z.string().optional(),
  notifications_disabled: z.boolean().optional(),
  emails_disabled: z.boolean().optional(),
});
export const userPatchBodySchema = z.object({
  first_name: z.string().min(1).optional(),
  last_name: z.string().optional(),
  phone: z.string().optional(),
  notifications_disabled: z.boolean().optional(),
  emails_disabled: z.boolean().optional(),
});
export const userRoleBodySchema = z.object({ user_role: z.string().min(1) });

// ---- Notification subscriptions

export const subscriptionSchema = z.looseObject({
  id: z.string(),
  destination_type: z.enum(NOTIFICATION_DESTINATION_TYPES),
  destination: z.string(),
  vendor_key: z.string().nullable().optional(),
  events: z.array(z.string()),
});
export type Subscription = z.infer<typeof subscriptionSchema>;
/** Event names with wildcards: `*` may replace the type or the last part. */
export const eventPattern = z
  .string()
  .regex(
    /^(DOCUMENTS\.(\*|[A-Z_]+)\.(\*|DELIVERED|DELIVERY_CONFIRMED|FAILED|RECEIVED)|NETWORKS\.(\*|[A-Z_]+)(\.(\*|CREATED|ENABLED|DISABLED))?|COMPANIES\.AUTHORIZATION\.(\*|VERIFIED|UNVERIFIED|UNKNOWN)|UNACKNOWLEDGED_WEBHOOKS|\*)$/,
    'unknown event name',
  );
export const subscriptionCreateBodySchema = z.object({
  destination_type: z.enum(NOTIFICATION_DESTINATION_TYPES),
  destination: httpsUrl,
  events: z.array(eventPattern).min(1),
  vendor_key: z.string().optional(),
});

// ---- Company authorization and vendor link

export const authorizationSchema = z.looseObject({
  auth_state: z.enum(AUTH_STATES).or(z.string()),
  auth_email: z.string().nullable().optional(),
  company_state: z.enum(COMPANY_STATES).or(z.string()),
});
export type Authorization = z.infer<typeof authorizationSchema>;
export const authorizationBodySchema = z.object({
  auth_email: email,
  locale: z.string().regex(/^[a-z]{2}([_-][A-Za-z]{2})?$/, 'locale like fi, sv, nb or en'),
  options: z.string().optional(),
});
export const vendorLinkSchema = z.looseObject({ linked: z.boolean(), vendor: z.string().nullable().optional() });
