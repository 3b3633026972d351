import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSandbox, type TestSandbox } from '../support/sandbox';

interface User {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  user_role: string;
  notifications_disabled: boolean;
  emails_disabled: boolean;
}
interface ErrorBody {
  code?: string;
  message: string;
  details?: string[];
}

let sb: TestSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => sb.close());

async function api<T = User & ErrorBody>(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const res = await sb.call(path, init);
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}
const users = (token: string) => api<User[]>('/v1/company/users', { token });
const create = (token: string, json: unknown) => api('/v1/company/users', { method: 'POST', token, json });

describe('users', () => {
  it('lists the company API user from the start, the same user /oauth2/current names', async () => {
    const token = await sb.token(await sb.company({ business_id: '7654321-0' }));
    const current = (await api<{ user: { id: string; email: string } }>('/oauth2/current', { token })).body.user;
    const list = (await users(token)).body;
    expect(list).toEqual([expect.objectContaining({ id: current.id, email: current.email, user_role: 'admin' })]);
    expect((await api(`/v1/company/users/${current.id}`, { token })).body.id).toBe(current.id);
  });

  it('creates a user with 201, and answers 200 when the e-mail already belongs to a user of another company', async () => {
    const a = await sb.token(await sb.company());
    const b = await sb.token(await sb.company());
    const made = await create(a, {
      email: 'Anna.Alanko@example.com',
      first_name: 'Anna',
      last_name: 'Alanko',
      phone: '+358 40 111 2222',
      user_role: 'user',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      email: 'Anna.Alanko@example.com',
      first_name: 'Anna',
      last_name: 'Alanko',
      user_role: 'user',
      notifications_disabled: false,
      emails_disabled: false,
    });
    const added = await create(b, { email: 'anna.alanko@example.com', first_name: 'Ignored' });
    expect(added.status).toBe(200);
    expect(added.body).toMatchObject({ id: made.body.id, first_name: 'Anna', user_role: 'admin' });
    expect((await users(b)).body.map((u) => u.id)).toContain(made.body.id);
    const repeat = await create(a, { email: 'anna.alanko@example.com', first_name: 'Anna' });
    expect(repeat.status).toBe(200);
    expect((await users(a)).body.filter((u) => u.id === made.body.id)).toHaveLength(1);
  });

  it('reads, patches with 204 and sets roles with 204', async () => {
    const token = await sb.token(await sb.company());
    const u = (await create(token, { email: 'pekka@example.com', first_name: 'Pekka' })).body;
    const patched = await api(`/v1/company/users/${u.id}`, {
      method: 'PATCH',
      token,
      json: { last_name: 'Puupää', phone: '+358 50 123', notifications_disabled: true, emails_disabled: true },
    });
    expect(patched.status).toBe(204);
    expect((await api(`/v1/company/users/${u.id}`, { token })).body).toMatchObject({
      first_name: 'Pekka',
      last_name: 'Puupää',
      phone: '+358 50 123',
      notifications_disabled: true,
      emails_disabled: true,
    });
    expect((await api(`/v1/company/users/${u.id}/roles`, { method: 'POST', token, json: { user_role: 'user' } })).status).toBe(204);
    expect((await api(`/v1/company/users/${u.id}`, { token })).body.user_role).toBe('user');
    const badRole = await api(`/v1/company/users/${u.id}/roles`, { method: 'POST', token, json: { user_role: 'superuser' } });
    expect(badRole.status).toBe(400);
    expect(badRole.body.details).toEqual(['user_role: must be one of admin, user']);
    const badPatch = await api(`/v1/company/users/${u.id}`, { method: 'PATCH', token, json: { first_name: '', email: 'x@example.com' } });
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.details).toEqual(['first_name: must not be empty', 'email: unknown field']);
  });

  it('validates the new user', async () => {
    const token = await sb.token(await sb.company());
    const res = await create(token, { email: 'not-an-address', phone: 'call me' });
    expect(res.status).toBe(400);
    expect(res.body.details).toEqual([
      'email: must be an e-mail address',
      'first_name: required',
      'phone: must be a phone number such as +358 40 123 4567',
    ]);
  });

  it('removes a user from the company with 204 (404 after), but never the API user', async () => {
    const token = await sb.token(await sb.company());
    const u = (await create(token, { email: 'leaving@example.com', first_name: 'Leo' })).body;
    expect((await api(`/v1/company/users/${u.id}`, { method: 'DELETE', token })).status).toBe(204);
    expect((await api(`/v1/company/users/${u.id}`, { token })).status).toBe(404);
    expect((await api(`/v1/company/users/${u.id}`, { method: 'DELETE', token })).status).toBe(404);
    expect((await create(token, { email: 'leaving@example.com', first_name: 'Leo' })).status).toBe(201);
    const apiUser = (await users(token)).body[0];
    const refused = await api(`/v1/company/users/${apiUser?.id}`, { method: 'DELETE', token });
    expect(refused.status).toBe(409);
  });

  it('answers 404 for a user of another company on every user route', async () => {
    const a = await sb.token(await sb.company());
    const b = await sb.token(await sb.company());
    const u = (await create(a, { email: 'private@example.com', first_name: 'Pia' })).body;
    for (const [method, suffix, json] of [
      ['GET', '', undefined],
      ['PATCH', '', { first_name: 'X' }],
      ['DELETE', '', undefined],
      ['POST', '/roles', { user_role: 'admin' }],
    ] as const) {
      const res = await api(`/v1/company/users/${u.id}${suffix}`, { method, token: b, json });
      expect(res.status, method).toBe(404);
      expect(res.body.code).toBe('not_found');
    }
    expect((await api(`/v1/company/users/${u.id}`, { token: a })).body.first_name).toBe('Pia');
  });

  it('needs company:read to read and company:write to write', async () => {
    const c = await sb.company();
    expect((await users(await sb.token(c, 'lookup'))).status).toBe(403);
    const global = await sb.token(c, 'global');
    expect((await users(global)).status).toBe(200);
    expect((await create(global, { email: 'g@example.com', first_name: 'G' })).status).toBe(403);
  });
});
