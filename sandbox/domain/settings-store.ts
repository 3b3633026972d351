import { SETTINGS_SECTIONS, type SettingsSection } from '../../shared/enums';
import { type SettingsPatchBody, settingsPatchBodySchema, settingsSectionSchemas } from '../../shared/schemas/company';
import type { SandboxContext } from '../context';
import type { CompanyRecord } from '../model';
import { touch } from './lookup-index';
import { parsePlain } from './settings-issues';

export const SETTINGS = 'company_settings';

type Section = Record<string, unknown>;
type Logo = 'pdf' | 'email_header';

/** One company's settings, keyed by company id; logo bytes live in the blob store. */
export interface SettingsRecord {
  id: string;
  sections: Record<Exclude<SettingsSection, 'logos'>, Section>;
  logo_blobs: Record<Logo, string | null>;
  updated_at: string;
}

/** Settings of a company that never saved any: built from the company record (name, country). */
function defaults(company: CompanyRecord, now: string): SettingsRecord {
  return {
    id: company.id,
    sections: {
      details: { name: company.name, email: null, website: null },
      address: { street_address: null, post_code: null, post_office: null, city: null, country: company.country },
      invoice_notifications: {
        on_receiving: { enabled: false, how_to_send: null, other_email: null },
        on_send_errors: { to_user: true, to_emails: [] },
      },
      send_invoice_email: {
        enabled: false,
        how_to_send: null,
        reminder_frequency: null,
        content_data: { note_to_receiver: null, contact: { email: null, name: null, phone: null } },
      },
      send_invoice_print: {
        enabled: false,
        attachment_print: false,
        marketing_page: false,
        use_own_pdf: false,
        letter_class: 'ECONOMY',
        color_scheme: 'BLACK_AND_WHITE',
      },
      send_invoice_general: { hold_multiple_recipients: false, stop_duplicate_numbers: true },
      email_reports: { report_interval: 'off', email_reports: [] },
      billing_details: {
        electronic_invoicing_details: { invoicing_eia: null, invoicing_operator: null },
        invoicing_email: null,
        invoicing_street_address1: null,
        invoicing_street_address2: null,
        invoicing_post_code: null,
        invoicing_post_office: null,
        billing_company_id: null,
      },
    },
    logo_blobs: { pdf: null, email_header: null },
    updated_at: now,
  };
}

/** The company's settings, created with defaults on first access (never at company creation). */
export function settingsOf(ctx: SandboxContext, company: CompanyRecord): SettingsRecord {
  const table = ctx.store.table<SettingsRecord>(SETTINGS);
  const saved = table.get(company.id);
  if (saved) return saved;
  touch(ctx, SETTINGS);
  return table.put(defaults(company, ctx.nowIso()));
}

const isPlainObject = (v: unknown): v is Section => typeof v === 'object' && v !== null && !Array.isArray(v);

/** PATCH semantics inside a section: given fields replace, omitted fields keep their saved value. */
export function deepMerge(target: Section, patch: Section): Section {
  const out: Section = { ...target };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue;
    const cur = out[k];
    out[k] = isPlainObject(v) && isPlainObject(cur) ? deepMerge(cur, v) : v;
  }
  return out;
}

/** The settings as answered, limited to `fields` when given. */
export function publicSettings(ctx: SandboxContext, rec: SettingsRecord, fields?: readonly SettingsSection[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of fields ?? SETTINGS_SECTIONS) {
    if (name === 'logos') {
      const content = (logo: Logo) => {
        const blob = rec.logo_blobs[logo];
        return { content: blob ? (ctx.store.blobs.get(blob)?.toString('base64') ?? null) : null };
      };
      out.logos = { pdf: content('pdf'), email_header: content('email_header') };
    } else {
      out[name] = rec.sections[name];
    }
  }
  return out;
}

/**
 * Validates a PATCH body (400 invalid_parameters naming each bad field), merges every given section
 * into the saved one, re-checks the merged section (so cross-field rules hold on the result) and saves.
 */
export function patchSettings(ctx: SandboxContext, company: CompanyRecord, raw: unknown): void {
  const body: SettingsPatchBody = parsePlain(settingsPatchBodySchema, raw, { code: 'invalid_parameters' });
  const rec = structuredClone(settingsOf(ctx, company));
  for (const name of SETTINGS_SECTIONS) {
    const given = body[name];
    if (given === undefined || name === 'logos') continue;
    let merged = deepMerge(rec.sections[name], given as Section);
    // Turning e-mail sending off drops its delivery style, as the spec allows how_to_send only when enabled.
    if (name === 'send_invoice_email' && merged.enabled === false) merged = { ...merged, how_to_send: null };
    parsePlain<unknown>(settingsSectionSchemas[name], merged, { code: 'invalid_parameters', prefix: [name] });
    rec.sections[name] = merged;
  }
  for (const logo of ['pdf', 'email_header'] as const) {
    const given = body.logos?.[logo];
    if (!given) continue;
    const old = rec.logo_blobs[logo];
    if (old) ctx.store.blobs.delete(old);
    rec.logo_blobs[logo] = null;
    if (given.content) {
      const blob = `logo:${company.id}:${logo}`;
      ctx.store.blobs.put(blob, Buffer.from(given.content.replace(/\s+/g, ''), 'base64'));
      rec.logo_blobs[logo] = blob;
    }
  }
  rec.updated_at = ctx.nowIso();
  ctx.store.table<SettingsRecord>(SETTINGS).put(rec);
  touch(ctx, SETTINGS);
}
