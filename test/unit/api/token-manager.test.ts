import { describe, expect, it } from 'vitest';
import { ServiceError } from '../../../main/core/api/errors';
import { TokenManager } from '../../../main/core/api/token-manager';
import type { Transport } from '../../../main/core/api/transport';

// Issue 38, item 3: the real service names wrong credentials `invalid_credentials` (its status not
// known), and a scope it refuses `invalid_scope`. The service's side is a stand-in transport here:
// the token request's answers are what is under test, not the HTTP.
type Answer = { status: number; body: unknown };
function service(answers: Answer[]) {
  const asked: URLSearchParams[] = [];
  const transport = {
    async send(req: { body?: unknown }) {
      asked.push(new URLSearchParams(String(req.body)));
      const a = answers.shift() ?? { status: 500, body: {} };
      return { status: a.status, headers: {}, body: Buffer.from(JSON.stringify(a.body)) };
    },
  } as unknown as Transport;
  return { transport, asked };
}
const manager = (transport: Transport) =>
  new TokenManager({
    transport,
    baseUrl: 'https://api.example.test',
    credentials: { companyId: 'c', apiKey: 'k' },
    scope: 'eui company',
    now: () => 0,
  });
const token = { access_token: 'T', token_type: 'Bearer', expires_in: 3600, scope: 'company' };

describe('the token request', () => {
  it.each([400, 401, 403])('says the UUID or key was not accepted for invalid_credentials with HTTP %i', async (status) => {
    const { transport } = service([{ status, body: { code: 'invalid_credentials', message: 'Invalid credentials' } }]);
    const e = await manager(transport)
      .token()
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ServiceError);
    expect((e as ServiceError).kind).toBe('user');
    expect((e as ServiceError).message).toBe('The company UUID or API key was not accepted: check them in the account settings');
  });

  it('asks again without the scope list when the service refuses it, and holds what that grants', async () => {
    const { transport, asked } = service([
      { status: 400, body: { code: 'invalid_scope', message: 'Unknown scope' } },
      { status: 200, body: token },
    ]);
    const m = manager(transport);
    expect(await m.token()).toBe('T');
    expect(asked.map((a) => a.get('scope'))).toEqual(['eui company', null]);
    expect([...m.scopes]).toContain('company');
  });

  it('does not loop when the bare request is refused too', async () => {
    const { transport, asked } = service([
      { status: 400, body: { code: 'invalid_scope' } },
      { status: 400, body: { code: 'invalid_scope' } },
    ]);
    await expect(manager(transport).token()).rejects.toThrow(/did not grant the scopes/);
    expect(asked).toHaveLength(2);
  });
});
