import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { atgAgreementListSchema, atgAgreementSchema, atgMandateListSchema } from '../../shared/schemas/atg';
import { startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

// Valid Norwegian account numbers (MOD11); the last one's check digit is off by one.
const ACCOUNTS = ['86011117947', '21751325298', '28111257096', '56696980131'];
const BAD_CHECK = '86011117948';

/** Luhn, written out again here so the test does not trust the sandbox's own. */
function luhnOk(kid: string): boolean {
  let sum = 0;
  [...kid].reverse().forEach((ch, i) => {
    const d = Number(ch) * (i % 2 === 1 ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  });
  return sum % 10 === 0;
}

const agreement = (account: string, over: Record<string, unknown> = {}) => ({
  account_number: account,
  kid_length: 10,
  reference_position: 2,
  payment_type_position: 1,
  signer_email: 'cfo@example.no',
  notification_by_email: true,
  ...over,
});

async function setup(account: string): Promise<{ c: TestCompany; token: string }> {
  const c = await sb.company({ country: 'NO', business_id: '923609016' });
  const token = await sb.token(c);
  const res = await sb.call('/v1/services/atg', { token, method: 'POST', json: agreement(account) });
  if (res.status !== 201) throw new Error(`agreement: ${res.status} ${await res.text()}`);
  return { c, token };
}

const addMandates = (c: TestCompany, json: unknown) =>
  sb.call(`/__sandbox/companies/${c.company_id}/atg-mandates`, { method: 'POST', json });

describe('ATG agreements', () => {
  it('creates an agreement PENDING, lists, reads and patches it; B2CNO reflects it once active', async () => {
    const c = await sb.company({ country: 'NO', business_id: '923609016' });
    const token = await sb.token(c);
    const b2cno = async () => (await (await sb.call('/v1/services/b2cno', { token })).json()) as Record<string, unknown>;
    expect(await b2cno()).toMatchObject({
      status: 'ACTIVE',
      efaktura: { enabled: true, issuer_id: '923609016' },
      avtalegiro: { enabled: false, agreements: 0 },
    });
    const res = await sb.call('/v1/services/atg', { token, method: 'POST', json: agreement('8601.11.17947') });
    expect(res.status).toBe(201);
    const created = atgAgreementSchema.parse(await res.json());
    expect(created).toMatchObject({
      account_number: '86011117947',
      kid_length: 10,
      reference_position: 2,
      payment_type_position: 1,
      status: 'PENDING',
    });
    expect(created).toMatchObject({ notification_by_email: true, notification_by_print: false });
    expect(atgAgreementListSchema.parse(await (await sb.call('/v1/services/atg', { token })).json())).toHaveLength(1);

    const patch = await sb.call('/v1/services/atg/86011117947', {
      token,
      method: 'PATCH',
      json: { kid_length: 12, notification_by_print: true },
    });
    expect(patch.status).toBe(204);
    const read = atgAgreementSchema.parse(await (await sb.call('/v1/services/atg/8601 11 17947', { token })).json());
    expect(read).toMatchObject({ kid_length: 12, notification_by_print: true, reference_position: 2 });

    await sb.call(`/__sandbox/companies/${c.company_id}/atg-agreements/86011117947`, { method: 'PATCH', json: { status: 'ACTIVE' } });
    expect(await b2cno()).toMatchObject({ avtalegiro: { enabled: true, agreements: 1, active_agreements: 1 } });
    const fi = await sb.token(await sb.company());
    expect(await (await sb.call('/v1/services/b2cno', { token: fi })).json()).toMatchObject({
      status: 'INACTIVE',
      efaktura: { enabled: false },
    });
  });

  it('validates the account number (11 digits, MOD11), the KID layout and the other fields', async () => {
    const token = await sb.token(await sb.company());
    const cases: [Record<string, unknown>, RegExp][] = [
      [agreement('8601111794'), /account_number: must be an 11-digit/],
      [agreement(BAD_CHECK), /account_number: the MOD11 check digit/],
      [agreement('ABCDEFGHIJK'), /account_number/],
      [{ ...agreement(ACCOUNTS[1] ?? ''), kid_length: undefined }, /kid_length/],
      [agreement(ACCOUNTS[1] ?? '', { kid_length: 26 }), /kid_length/],
      [agreement(ACCOUNTS[1] ?? '', { reference_position: 'first' }), /reference_position/],
      [agreement(ACCOUNTS[1] ?? '', { kid_length: 5, reference_position: 5 }), /reference_position: must be before the check digit/],
      [agreement(ACCOUNTS[1] ?? '', { payment_type_position: 2 }), /payment_type_position: must differ/],
      [agreement(ACCOUNTS[1] ?? '', { signer_email: 'cfo' }), /signer_email/],
      [{ ...agreement(ACCOUNTS[1] ?? ''), signer_email: undefined }, /signer_email/],
      [agreement(ACCOUNTS[1] ?? '', { colour: 'blue' }), /colour|Unrecognized/],
    ];
    for (const [json, detail] of cases) {
      const res = await sb.call('/v1/services/atg', { token, method: 'POST', json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      const body = (await res.json()) as { details: string[] };
      expect(body.details.join('\n'), JSON.stringify(json)).toMatch(detail);
    }
  });

  it('refuses a second agreement on an account with 409, also from another company', async () => {
    const { token } = await setup(ACCOUNTS[2] ?? '');
    const again = await sb.call('/v1/services/atg', { token, method: 'POST', json: agreement(ACCOUNTS[2] ?? '') });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ code: 'atg_agreement_exists' });
    const other = await sb.token(await sb.company());
    expect((await sb.call('/v1/services/atg', { token: other, method: 'POST', json: agreement(ACCOUNTS[2] ?? '') })).status).toBe(409);
    // ...and does not see it.
    expect((await sb.call(`/v1/services/atg/${ACCOUNTS[2]}`, { token: other })).status).toBe(404);
  });

  it('answers 404 for an unknown account, 400 for a malformed one, and checks the PATCH body', async () => {
    const { token } = await setup(ACCOUNTS[3] ?? '');
    expect((await sb.call(`/v1/services/atg/${ACCOUNTS[0]}`, { token })).status).toBe(404);
    expect((await sb.call('/v1/services/atg/12345', { token })).status).toBe(400);
    expect((await sb.call(`/v1/services/atg/${ACCOUNTS[0]}`, { token, method: 'PATCH', json: { kid_length: 9 } })).status).toBe(404);
    const path = `/v1/services/atg/${ACCOUNTS[3]}`;
    for (const json of [{}, { account_number: ACCOUNTS[3] }, { kid_length: 2 }, { signer_email: 'x' }, { payment_type_position: 2 }]) {
      expect((await sb.call(path, { token, method: 'PATCH', json })).status, JSON.stringify(json)).toBe(400);
    }
    expect((await sb.call(path, { token, method: 'PATCH', json: { payment_type_position: null, reference_position: 1 } })).status).toBe(
      204,
    );
    expect(await (await sb.call(path, { token })).json()).toMatchObject({ payment_type_position: null, reference_position: 1 });
  });

  it('needs company:read to read and company:write to change', async () => {
    const c = await sb.company();
    const lookup = await sb.token(c, 'lookup');
    for (const path of ['/v1/services/b2cno', '/v1/services/atg', '/v1/services/atg/mandates', `/v1/services/atg/${ACCOUNTS[0]}`]) {
      expect((await sb.call(path, { token: lookup })).status, path).toBe(403);
    }
    const readOnly = await sb.token(c, 'global');
    expect((await sb.call('/v1/services/atg', { token: readOnly })).status).toBe(200);
    expect((await sb.call('/v1/services/atg', { token: readOnly, method: 'POST', json: agreement(ACCOUNTS[0] ?? '') })).status).toBe(403);
  });
});

describe('ATG mandates', () => {
  it('adds mandates with realistic KIDs (MOD10, the agreement layout) and checks given KIDs', async () => {
    const { c, token } = await setup('12345678903');
    const res = await addMandates(c, { account_number: '1234.56.78903', reference_nr: '4711', payment_type: '2' });
    expect(res.status).toBe(201);
    const m = (await res.json()) as { kid: string; reference_nr: string; status: string };
    expect(m).toMatchObject({ kid: expect.stringMatching(/^\d{10}$/), reference_nr: '4711', status: 'ACTIVE' });
    expect(luhnOk(m.kid)).toBe(true);
    expect(m.kid.slice(0, 1)).toBe('2');
    expect(m.kid.slice(1, 9)).toBe('00004711');
    expect((await addMandates(c, { account_number: '12345678903', kid: m.kid })).status).toBe(409);
    expect((await addMandates(c, { account_number: '12345678903', kid: '123456' })).status).toBe(400);
    expect((await addMandates(c, { account_number: '12345678903', kid: '1234567891' })).status).toBe(400);
    expect((await addMandates(c, { account_number: ACCOUNTS[0] })).status).toBe(400);
    expect((await addMandates(c, { account_number: '12345678903', status: 'LOST' })).status).toBe(400);
    expect(
      (await sb.call('/__sandbox/companies/nope/atg-mandates', { method: 'POST', json: { account_number: '12345678903' } })).status,
    ).toBe(404);
    const list = atgMandateListSchema.parse(await (await sb.call('/v1/services/atg/mandates', { token })).json());
    expect(list.map((x) => x.kid)).toEqual([m.kid]);
    expect((await sb.call(`/__sandbox/companies/${c.company_id}/atg-mandates`, { method: 'DELETE' })).status).toBe(204);
    expect(await (await sb.call('/v1/services/atg/mandates', { token })).json()).toEqual([]);
  });

  it('filters by KID or reference, status and update time; parse_values works below 20 results only', async () => {
    const { c, token } = await setup('98765432103');
    const base = Date.parse('2026-01-01T00:00:00Z');
    const inputs = Array.from({ length: 25 }, (_, i) => ({
      account_number: '98765432103',
      reference_nr: String(1000 + i),
      status: i < 19 ? 'ACTIVE' : i < 22 ? 'PENDING' : 'DELETED',
      notification: i % 2 === 0,
      updated_at: new Date(base + i * 3_600_000).toISOString(),
    }));
    // Added newest first: the list still answers oldest update first.
    expect((await addMandates(c, [...inputs].reverse())).status).toBe(201);
    const get = (qs: string) => sb.call(`/v1/services/atg/mandates?${qs}`, { token });
    const all = atgMandateListSchema.parse(await (await get('per_page=100')).json());
    expect(all.map((m) => m.reference_nr)).toEqual(inputs.map((i) => i.reference_nr));

    const byRef = atgMandateListSchema.parse(await (await get('query=1007')).json());
    expect(byRef).toHaveLength(1);
    const byKid = atgMandateListSchema.parse(await (await get(`query=${byRef[0]?.kid}`)).json());
    expect(byKid.map((m) => m.reference_nr)).toEqual(['1007']);
    expect(await (await get('query=nothing')).json()).toEqual([]);
    expect((await get('status=PENDING')).headers.get('x-total')).toBe('3');
    expect((await get('status[]=PENDING&status[]=DELETED')).headers.get('x-total')).toBe('6');
    expect((await get(`timestamp=${new Date(base + 20 * 3_600_000).toISOString()}`)).headers.get('x-total')).toBe('5');
    expect((await get('status=LOST')).status).toBe(400);
    expect((await get('timestamp=yesterday')).status).toBe(400);

    const nineteen = await get('status=ACTIVE&parse_values=true&per_page=100');
    expect(nineteen.status).toBe(200);
    const parsed = atgMandateListSchema.parse(await nineteen.json());
    expect(parsed).toHaveLength(19);
    expect(parsed[7]?.parsed_values).toEqual({ reference: '1007', payment_type: '1', check_digit: parsed[7]?.kid.slice(-1), valid: true });
    const since = new Date(base + 2 * 3_600_000).toISOString();
    const exactly20 = `status[]=ACTIVE&status[]=PENDING&timestamp=${since}`;
    expect((await get(exactly20)).headers.get('x-total')).toBe('20');
    const twenty = await get(`${exactly20}&parse_values=true&per_page=5`);
    expect(twenty.status).toBe(400);
    expect(await twenty.json()).toMatchObject({ message: expect.stringMatching(/fewer than 20 results; this query has 20/) });
    const nineteenAgain = await get(
      `status[]=ACTIVE&status[]=PENDING&timestamp=${new Date(base + 3 * 3_600_000).toISOString()}&parse_values=1`,
    );
    expect(nineteenAgain.status).toBe(200);
    expect(nineteenAgain.headers.get('x-total')).toBe('19');
    expect((await get('parse_values=maybe')).status).toBe(400);
    expect(atgMandateListSchema.parse(await (await get('status=ACTIVE')).json())[0]?.parsed_values).toBeUndefined();
  });

  it('pages with the pagination headers at the limits', async () => {
    const { c, token } = await setup('11112233336');
    await addMandates(
      c,
      Array.from({ length: 23 }, () => ({ account_number: '11112233336' })),
    );
    const get = (qs: string) => sb.call(`/v1/services/atg/mandates?${qs}`, { token });
    const first = await get('');
    expect(first.headers.get('x-per-page')).toBe('10');
    expect(first.headers.get('x-total-pages')).toBe('3');
    expect(first.headers.get('x-next-page')).toBe('2');
    expect(first.headers.get('link')).toContain('rel="next"');
    const last = await get('page=3&per_page=10');
    expect(atgMandateListSchema.parse(await last.json())).toHaveLength(3);
    expect(last.headers.get('x-next-page')).toBe('');
    expect(last.headers.get('x-prev-page')).toBe('2');
    const max = await get('per_page=100');
    const kids = atgMandateListSchema.parse(await max.json()).map((m) => m.kid);
    expect(kids).toHaveLength(23);
    expect(max.headers.get('x-total')).toBe('23');
    expect(await (await get('page=9')).json()).toEqual([]);
    for (const qs of ['per_page=101', 'per_page=0', 'page=0', 'page=x']) expect((await get(qs)).status, qs).toBe(400);
    expect(new Set(kids).size).toBe(23);
    expect(kids.every(luhnOk)).toBe(true);
  });
});
