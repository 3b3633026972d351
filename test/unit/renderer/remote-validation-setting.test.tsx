// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountSettingsForm } from '../../../renderer/components/AccountSettingsForm';
import { ValidationSummary } from '../../../renderer/components/validation/ValidationSummary';
import type { ValidationReport } from '../../../shared/validation/report';
import { fakeBridge } from './fake-bridge';
import { ACCOUNT } from './fixtures';
import { renderWithApp } from './render-app';

afterEach(cleanup);

describe('remote validation in the account settings', () => {
  it('shows the saved mode with a plain explanation, and saves the chosen one through accounts.update', async () => {
    const bridge = fakeBridge({
      'accounts.update': (i) => ({ ...ACCOUNT, remoteValidation: i.remoteValidation ?? ACCOUNT.remoteValidation }),
      'accounts.list': () => [ACCOUNT],
    });
    renderWithApp(<AccountSettingsForm account={ACCOUNT} />, bridge);
    const select = screen.getByLabelText('Check with the service’s validator') as HTMLSelectElement;
    expect(select.value).toBe('off');
    expect([...select.options].map((o) => o.text)).toEqual([
      'Never (only on this computer)',
      'For formats the rules on this computer do not cover (Finvoice, unknown formats)',
      'Always, besides the check on this computer',
    ]);
    expect(screen.getByText(/the check on this computer decides and the file is still sent/)).toBeTruthy();
    fireEvent.change(select, { target: { value: 'uncovered' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bridge.callsOf('accounts.update')).toHaveLength(1));
    expect(bridge.callsOf('accounts.update')[0]).toMatchObject({ accountId: ACCOUNT.id, remoteValidation: 'uncovered' });
  });
});

const REPORT: ValidationReport = {
  file: 'fv.xml',
  status: 'valid',
  valid: true,
  syntax: 'finvoice',
  customizationId: null,
  rulesets: [{ id: 'FINVOICE-STRUCTURE', title: 'Finvoice structure', version: '3.0', businessRules: false, ms: 0 }],
  issues: [],
  fatalCount: 0,
  warningCount: 0,
  problem: null,
  notes: [],
  ms: 40,
};

describe('a report of the service’s validator', () => {
  it('says who checked it, in the app’s language; a local report says nothing of the kind', () => {
    const service = renderWithApp(<ValidationSummary report={{ ...REPORT, source: 'service' }} />, fakeBridge({}), { lang: 'fi' });
    expect(service.container.querySelector('[data-source="service"]')?.textContent).toBe(
      'Tarkistanut palvelun validaattori, ei tämä tietokone.',
    );
    cleanup();
    const local = renderWithApp(<ValidationSummary report={REPORT} />, fakeBridge({}));
    expect(local.container.querySelector('[data-source="service"]')).toBeNull();
  });
});
