import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatorAnswerSchema } from '../../shared/schemas/validator';
import { FIXTURES } from '../support/engine';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';
import { ensureRules } from '../support/validation';

/**
 * The validator host (POST {validator_url}/v1/validate, issue 11): a multipart `file` in, the report in
 * the documented shape out (sandbox/README.md, "Validator"), with the same rule sets as the app's own.
 */
let sb: TestSandbox;
let c: TestCompany;
let token: string;
beforeAll(async () => {
  await ensureRules();
  sb = await startTestSandbox();
  c = await sb.company();
  token = await sb.token(c, 'validate');
}, 240_000);
afterAll(async () => sb.close());

const fixture = (p: string) => readFile(join(FIXTURES, 'invoices', p));
const validate = (body: FormData, t: string | null = token) =>
  sb.call('/v1/validate', { method: 'POST', body, ...(t ? { token: t } : {}) });

describe('POST /v1/validate', () => {
  it('answers a valid Peppol invoice as valid, with the rule sets and their versions', async () => {
    const res = await validate(form({ name: 'good.xml', data: await fixture('peppol-bis3/base-example.xml') }));
    expect(res.status).toBe(200);
    const a = validatorAnswerSchema.parse(await res.json());
    expect(a).toMatchObject({ file: 'good.xml', status: 'valid', valid: true, syntax: 'ubl-invoice' });
    expect(a.rulesets.map((r) => r.id)).toEqual(['EN16931-UBL', 'PEPPOL-BIS3-UBL']);
    expect(a.rulesets.every((r) => r.version.length > 0)).toBe(true);
    expect(a.errors.filter((e) => e.flag === 'fatal')).toEqual([]);
  }, 120_000);

  it('names each broken rule with its flag, place, line and text', async () => {
    const xml = (await fixture('peppol-bis3/base-example.xml'))
      .toString('utf8')
      .replace(
        /<cbc:PayableAmount currencyID="EUR">[^<]*<\/cbc:PayableAmount>/,
        '<cbc:PayableAmount currencyID="EUR">999999.99</cbc:PayableAmount>',
      );
    const res = await validate(form({ name: 'wrong-sum.xml', data: xml }));
    expect(res.status).toBe(200);
    const a = validatorAnswerSchema.parse(await res.json());
    expect(a.status).toBe('invalid');
    expect(a.valid).toBe(false);
    const rule = a.errors.find((e) => /^BR-CO-\d+$/.test(e.id));
    expect(rule).toMatchObject({ flag: 'fatal', location: expect.stringMatching(/^\/Invoice/) });
    expect(rule?.line).toBeGreaterThan(0);
    expect(rule?.text.length).toBeGreaterThan(10);
  }, 120_000);

  it('checks Finvoice by its structure only, and says so in a note', async () => {
    const res = await validate(form({ name: 'fv.xml', data: await fixture('finvoice3/finvoice_30_example.xml') }));
    const a = validatorAnswerSchema.parse(await res.json());
    expect(a.syntax).toBe('finvoice');
    expect(a.rulesets).toEqual([expect.objectContaining({ id: 'FINVOICE-STRUCTURE', business_rules: false })]);
    expect(a.notes?.map((n) => n.code)).toContain('no-business-rules');
  }, 60_000);

  it('refuses what is not XML with 400 and the reason in plain words', async () => {
    const res = await validate(form({ name: 'notes.txt', data: 'just some words, no markup', type: 'text/plain' }));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; message: string };
    expect(body.code).toBe('unreadable_document');
    expect(body.message).toMatch(/XML/i);
  });

  it('refuses a form without the file, an empty file and an unknown profile with 400', async () => {
    const missing = await validate(form(null, { note: 'no file here' }));
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { message: string }).message).toBe('file is required');
    const empty = await validate(form({ name: 'empty.xml', data: '' }));
    expect(empty.status).toBe(400);
    const profile = await validate(form({ name: 'good.xml', data: await fixture('peppol-bis3/base-example.xml') }, { profile: 'strict' }));
    expect(profile.status).toBe(400);
    expect(((await profile.json()) as { code: string }).code).toBe('invalid_parameters');
  });

  it('takes multipart only (415 for JSON)', async () => {
    const res = await sb.call('/v1/validate', { method: 'POST', token, json: { file: '<Invoice/>' } });
    expect(res.status).toBe(415);
  });

  it('needs a token (401) carrying the validate scope (403 without it)', async () => {
    const body = () => form({ name: 'good.xml', data: '<a/>' });
    const none = await validate(body(), null);
    expect(none.status).toBe(401);
    const without = await validate(body(), await sb.token(c, 'global'));
    expect(without.status).toBe(403);
    expect(((await without.json()) as { details: string[] }).details).toEqual(['insufficient_scope', 'needs one of: validate']);
  });

  it('grants validate only to a company allowed it', async () => {
    const other = await sb.company({ allowed_scopes: ['global', 'company'] });
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: other.company_id,
      client_secret: other.api_key,
      scope: 'validate',
    });
    const res = await fetch(`${sb.url}/oauth2/token`, { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('invalid_scope');
  });
});
