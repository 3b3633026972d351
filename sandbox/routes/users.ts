import type { FastifyInstance } from 'fastify';
import { type UserRole, userCreateBodySchema, userPatchBodySchema, userRoleBodySchema } from '../../shared/schemas/company';
import { authOf } from '../auth/guard';
import type { SandboxContext } from '../context';
import { ByCompany, touch } from '../domain/lookup-index';
import { parsePlain } from '../domain/settings-issues';
import { conflict, notFound } from '../http/errors';
import type { CompanyRecord } from '../model';

export const USERS = 'users';
export const COMPANY_USERS = 'company_users';

/** A person; one user may belong to several companies (POST answers 200 when adding an existing one). */
export interface UserRecord {
  id: string;
  email: string;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  notifications_disabled: boolean;
  emails_disabled: boolean;
  created_at: string;
}

/** Membership of a user in a company, with the role the user has there. */
export interface MembershipRecord {
  id: string;
  company_id: string;
  user_id: string;
  user_role: UserRole;
  added_at: string;
}

const membershipId = (companyId: string, userId: string) => `${companyId}:${userId}`;
const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

export function userTables(ctx: SandboxContext) {
  return { users: ctx.store.table<UserRecord>(USERS), members: ctx.store.table<MembershipRecord>(COMPANY_USERS) };
}

/** The company's own API user (the one /oauth2/current names) exists from the first access on. */
export function ensureApiUser(ctx: SandboxContext, company: CompanyRecord): void {
  const { users, members } = userTables(ctx);
  const now = ctx.nowIso();
  if (!users.has(company.user_id)) {
    users.put({
      id: company.user_id,
      email: `user@${company.business_id}.example`,
      first_name: 'Sandbox',
      last_name: 'User',
      phone: null,
      notifications_disabled: false,
      emails_disabled: false,
      created_at: now,
    });
  }
  const mid = membershipId(company.id, company.user_id);
  if (!members.has(mid)) {
    members.put({ id: mid, company_id: company.id, user_id: company.user_id, user_role: 'admin', added_at: now });
    touch(ctx, COMPANY_USERS);
  }
}

/** Adds a user by e-mail: a new user (created true) or an existing one of another company. */
export function addUser(ctx: SandboxContext, company: CompanyRecord, raw: unknown): { user: UserRecord; role: UserRole; created: boolean } {
  const body = parsePlain(userCreateBodySchema, raw);
  const { users, members } = userTables(ctx);
  ensureApiUser(ctx, company);
  const now = ctx.nowIso();
  let user = users.find((u) => sameEmail(u.email, body.email));
  const created = !user;
  user ??= users.put({
    id: ctx.newId(),
    email: body.email,
    first_name: body.first_name,
    last_name: body.last_name ?? null,
    phone: body.phone ?? null,
    notifications_disabled: body.notifications_disabled ?? false,
    emails_disabled: body.emails_disabled ?? false,
    created_at: now,
  });
  const mid = membershipId(company.id, user.id);
  let member = members.get(mid);
  if (!member) {
    member = members.put({ id: mid, company_id: company.id, user_id: user.id, user_role: body.user_role ?? 'admin', added_at: now });
    touch(ctx, COMPANY_USERS);
  }
  return { user, role: member.user_role, created };
}

const publicUser = (u: UserRecord, role: UserRole) => ({
  id: u.id,
  email: u.email,
  first_name: u.first_name,
  last_name: u.last_name,
  phone: u.phone,
  user_role: role,
  notifications_disabled: u.notifications_disabled,
  emails_disabled: u.emails_disabled,
  created_at: u.created_at,
});

/** Users of the company (spec: Users). */
export function userRoutes(app: FastifyInstance, ctx: SandboxContext): void {
  const { users, members } = userTables(ctx);
  const membersOf = new ByCompany<MembershipRecord>(ctx, COMPANY_USERS);
  const read = { preHandler: ctx.guard({ anyOf: ['company:read'] }) };
  const write = { preHandler: ctx.guard({ anyOf: ['company:write'] }) };
  /** The membership and user of this company, or 404 (also for users of other companies). */
  const memberOf = (company: CompanyRecord, userId: string) => {
    ensureApiUser(ctx, company);
    const member = members.get(membershipId(company.id, userId));
    const user = member ? users.get(member.user_id) : undefined;
    if (!member || !user) throw notFound('User');
    return { member, user };
  };
  const userId = (params: unknown) => (params as { user_id: string }).user_id;

  app.get('/v1/company/users', read, async (req) => {
    const { company } = authOf(req);
    ensureApiUser(ctx, company);
    return membersOf.of(company.id).flatMap((m) => {
      const u = users.get(m.user_id);
      return u ? [publicUser(u, m.user_role)] : [];
    });
  });

  app.post('/v1/company/users', write, async (req, reply) => {
    const { company } = authOf(req);
    const { user, role, created } = addUser(ctx, company, req.body);
    return reply.code(created ? 201 : 200).send(publicUser(user, role));
  });

  app.get('/v1/company/users/:user_id', read, async (req) => {
    const { member, user } = memberOf(authOf(req).company, userId(req.params));
    return publicUser(user, member.user_role);
  });

  app.patch('/v1/company/users/:user_id', write, async (req, reply) => {
    const { user } = memberOf(authOf(req).company, userId(req.params));
    const body = parsePlain(userPatchBodySchema, req.body);
    users.update(user.id, (u) => {
      if (body.first_name !== undefined) u.first_name = body.first_name;
      if (body.last_name !== undefined) u.last_name = body.last_name;
      if (body.phone !== undefined) u.phone = body.phone;
      if (body.notifications_disabled !== undefined) u.notifications_disabled = body.notifications_disabled;
      if (body.emails_disabled !== undefined) u.emails_disabled = body.emails_disabled;
    });
    return reply.code(204).send();
  });

  app.delete('/v1/company/users/:user_id', write, async (req, reply) => {
    const { company } = authOf(req);
    const { member, user } = memberOf(company, userId(req.params));
    if (user.id === company.user_id) {
      throw conflict(undefined, 'The API user of the company cannot be removed', ['user_id: this user holds the company API key']);
    }
    members.delete(member.id);
    touch(ctx, COMPANY_USERS);
    // A user left in no company is forgotten, so adding the e-mail again creates a new user (201).
    if (!members.find((m) => m.user_id === user.id)) users.delete(user.id);
    return reply.code(204).send();
  });

  app.post('/v1/company/users/:user_id/roles', write, async (req, reply) => {
    const { member } = memberOf(authOf(req).company, userId(req.params));
    const body = parsePlain(userRoleBodySchema, req.body);
    members.update(member.id, (m) => {
      m.user_role = body.user_role;
    });
    return reply.code(204).send();
  });
}
