import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { form, type TestSandbox } from './sandbox';

/** A complete collectora onboarding body (a real Finnish IBAN format with valid check digits). */
export const COLLECTORA_BODY = {
  iban: 'FI21 1234 5600 0007 85',
  bic: 'nordfihh',
  bank: 'Nordea',
  contact_person: 'Maija Meikäläinen',
  contact_email: 'maija@example.fi',
  customer_service_email: 'asiakaspalvelu@example.fi',
  contact_phone_number: '+358 40 123 4567',
  billing_address: { street: 'Katu 1', postal_code: '00100', city: 'Helsinki', country: 'FI' },
};

const BASE = readFileSync(fileURLToPath(new URL('../../../shared/fixtures/invoices/peppol-bis3/base-example.xml', import.meta.url)));

/** Uploads the fixture invoice as a sent invoice of the token's company; answers its id and sum. */
export async function uploadSentInvoice(sb: TestSandbox, token: string): Promise<{ id: string; sum: number; number: string }> {
  const res = await sb.call('/v1/invoices', { method: 'POST', token, body: form({ name: 'i.xml', data: BASE }) });
  if (res.status >= 300) throw new Error(`upload: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; sum: number; number: string };
}

/** The agency raises an event on an assignment (sandbox admin route). */
export async function raiseEvent(sb: TestSandbox, companyId: string, assignmentId: string, body: unknown): Promise<void> {
  const res = await sb.call(`/__sandbox/companies/${companyId}/assignments/${assignmentId}/events`, { method: 'POST', json: body });
  if (res.status !== 201) throw new Error(`event: ${res.status} ${await res.text()}`);
}
