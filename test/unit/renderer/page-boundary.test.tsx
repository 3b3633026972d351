// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PageBoundary } from '../../../renderer/components/PageBoundary';
import { createI18n } from '../../../renderer/i18n';

function Broken(): never {
  throw new Error('Failed to fetch dynamically imported module: app://bundle/assets/SettingsPage-old.js');
}

describe('PageBoundary', () => {
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('shows a failed page as a notice in its place, with the reason and a reload; the rest stays', () => {
    // React reports the caught error on the console too; the boundary's own line is what we keep.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const onReload = vi.fn();
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <nav>the sidebar</nav>
        <PageBoundary onReload={onReload}>
          <Broken />
        </PageBoundary>
      </I18nextProvider>,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This page could not be shown.');
    expect(alert.textContent).toContain('SettingsPage-old.js');
    expect(screen.getByText('the sidebar')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload the window' }));
    expect(onReload).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith('a page failed to render', expect.stringContaining('SettingsPage-old.js'), expect.any(String));
  });

  it('shows its page as it is while nothing fails', () => {
    render(
      <I18nextProvider i18n={createI18n('en')}>
        <PageBoundary onReload={() => undefined}>
          <h1>Settings</h1>
        </PageBoundary>
      </I18nextProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
