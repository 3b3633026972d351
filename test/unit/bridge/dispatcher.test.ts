import { describe, expect, it } from 'vitest';
import { EnvironmentError } from '../../../main/core/api/environments';
import { ServiceError } from '../../../main/core/api/errors';
import type { AppSettingsStore } from '../../../main/core/bridge';
import { CommandError, fieldsFromDetails, toErrorView } from '../../../main/core/bridge/errors';
import { recordingLogger } from '../../support/log';
import { testBridge } from './setup';

describe('dispatch: names', () => {
  it.each(['nope', 'invoices', 'invoices.list.extra', '__proto__', 'constructor', 'hasOwnProperty', 'toString', ''])(
    'refuses %j',
    async (name) => {
      const { bridge } = testBridge();
      const r = await bridge.dispatch(name, {});
      expect(r).toEqual({ ok: false, error: { kind: 'invalid', message: `Unknown command "${name}"` } });
    },
  );

  it('refuses a name that is not a string', async () => {
    const { bridge } = testBridge();
    for (const name of [42, null, undefined, { toString: () => 'app.info' }, ['app.info']]) {
      const r = await bridge.dispatch(name, {});
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.message).toBe('Unknown command without a name');
    }
  });

  it('runs a known command and answers its value', async () => {
    const { bridge, dataDir } = testBridge();
    const r = await bridge.dispatch('app.info', {});
    expect(r).toEqual({
      ok: true,
      value: {
        version: '9.9.9',
        host: 'browser',
        dataDir,
        embeddedSandboxUrl: null,
        // No folder dialog in this host: the page types a root and has it checked.
        capabilities: { openFiles: false, startAtLogin: false, notifications: false, chooseFolder: false },
        secretStore: { kind: 'memory', label: 'memory only' },
      },
    });
  });
});

describe('dispatch: input is parsed with the command schema before the handler runs', () => {
  it('answers every bad field with its own message', async () => {
    const { bridge, engine } = testBridge();
    const r = await bridge.dispatch('accounts.add', { environment: 'sandbox', companyId: 'not-a-uuid', apiKey: '', name: '  ', root: '' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.kind).toBe('invalid');
    expect(r.error.fields).toMatchObject({
      companyId: 'the company UUID, such as 3f2b0c1e-...',
      apiKey: 'the API key is required',
    });
    expect(Object.keys(r.error.fields ?? {}).sort()).toEqual(['apiKey', 'companyId', 'name', 'root']);
    expect(r.error.message).toMatch(/^The input is not valid \(/);
    expect(engine.listAccounts()).toEqual([]);
  });

  it('names nested fields by their path', async () => {
    const { bridge, account } = testBridge();
    const a = account();
    const r = await bridge.dispatch('invoices.list', { accountId: a.id, filter: { from: '1.3.2026' }, limit: 0 });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.fields).toEqual({ 'filter.from': 'a date like 2026-03-01', limit: expect.any(String) });
  });

  it('refuses input that is not an object', async () => {
    const { bridge } = testBridge();
    for (const raw of [null, 'x', 7, [], undefined]) {
      const r = await bridge.dispatch('accounts.list', raw);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.kind).toBe('invalid');
    }
  });

  it('applies the schema defaults', async () => {
    const { bridge, account } = testBridge();
    const a = account();
    const r = await bridge.dispatch('invoices.list', { accountId: a.id });
    expect(r).toEqual({ ok: true, value: { items: [], next: null, total: 0, totalIsLowerBound: false } });
  });

  it('answers an unknown account as invalid input, naming the field', async () => {
    const { bridge } = testBridge();
    const r = await bridge.dispatch('invoices.get', { accountId: '3f2b0c1e-0000-4000-8000-00000000ffff', id: 'x' });
    expect(r).toMatchObject({ ok: false, error: { kind: 'invalid', fields: { accountId: 'no such account' } } });
  });
});

describe('dispatch: errors', () => {
  it('answers an unexpected failure generically and logs the real one', async () => {
    const failing: AppSettingsStore = {
      read: () => Promise.reject(new Error('disk on fire at /secret/path')),
      write: () => Promise.reject(new Error('disk on fire')),
    };
    const { bridge, log } = testBridge({ settings: failing });
    const r = await bridge.dispatch('settings.get', {});
    expect(r).toEqual({ ok: false, error: { kind: 'internal', message: 'Something went wrong inside the app; the log has the details' } });
    expect(JSON.stringify(r)).not.toContain('disk on fire');
    expect(log.lines).toContainEqual(
      expect.objectContaining({
        level: 'error',
        fields: expect.objectContaining({ command: 'settings.get', error: 'disk on fire at /secret/path' }),
      }),
    );
  });

  it('maps a service error to its kind, with its details turned into fields', () => {
    const e = new ServiceError('skip', 'The service refused the request as invalid: Invalid parameters', 400, 'invalid_parameters', [
      'details.email: Invalid email address',
      'address.country: must be a 2-letter country code (ISO 3166-1 alpha-2)',
      'address.country: required',
      'a line without a field',
    ]);
    expect(toErrorView(e, 'company.settings.save', recordingLogger())).toEqual({
      kind: 'skip',
      message: 'The service refused the request as invalid: Invalid parameters',
      status: 400,
      code: 'invalid_parameters',
      details: e.details,
      fields: {
        'details.email': 'Invalid email address',
        'address.country': 'must be a 2-letter country code (ISO 3166-1 alpha-2); required',
      },
    });
  });

  it('keeps retry and user kinds, and adds no fields for reasons without a field', () => {
    const log = recordingLogger();
    expect(
      toErrorView(new ServiceError('retry', 'The service is having trouble (HTTP 503)', 503, 'service_unavailable'), 'x', log),
    ).toEqual({
      kind: 'retry',
      message: 'The service is having trouble (HTTP 503)',
      status: 503,
      code: 'service_unavailable',
      details: [],
    });
    const unverified = toErrorView(
      new ServiceError('user', 'The company is not verified yet', 401, 'Unauthorized', ['company_unverified']),
      'x',
      log,
    );
    expect(unverified).toMatchObject({ kind: 'user', status: 401, details: ['company_unverified'] });
    expect(unverified.fields).toBeUndefined();
    expect(toErrorView(new EnvironmentError('The production service address is not configured'), 'x', log)).toEqual({
      kind: 'user',
      message: 'The production service address is not configured',
    });
    expect(toErrorView(new CommandError({ kind: 'invalid', message: 'm', fields: { a: 'b' } }), 'x', log)).toEqual({
      kind: 'invalid',
      message: 'm',
      fields: { a: 'b' },
    });
    expect(log.lines).toEqual([]);
  });

  it('reads field paths the way the service writes them', () => {
    expect(fieldsFromDetails(['send_invoice_email.content_data.contact.email: Invalid email address'])).toEqual({
      'send_invoice_email.content_data.contact.email': 'Invalid email address',
    });
    expect(fieldsFromDetails(['profiles[0]: profile_not_supported', 'token_expired', ': no field', 'x:no space'])).toEqual({
      'profiles[0]': 'profile_not_supported',
    });
  });
});
