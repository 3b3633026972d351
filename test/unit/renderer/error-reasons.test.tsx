// @vitest-environment happy-dom
import { cleanup } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorNotice } from '../../../renderer/components/ErrorNotice';
import type { Lang } from '../../../renderer/i18n/langs';
import type { BridgeErrorView } from '../../../shared/bridge';
import { fakeBridge } from './fake-bridge';
import { renderWithApp } from './render-app';

afterEach(cleanup);

/** What is on screen outside the folded Details. */
const open = (root: HTMLElement) => {
  const copy = root.cloneNode(true) as HTMLElement;
  for (const d of copy.querySelectorAll('details')) d.remove();
  return copy.textContent ?? '';
};

const scope: BridgeErrorView = {
  kind: 'user',
  code: 'forbidden',
  status: 403,
  message: 'This account is not allowed to do that',
  details: ['insufficient_scope', 'needs one of: CATALOGUE, catalogue:read'],
} as BridgeErrorView;

describe("the service's refusal reasons (issue 37, item 7)", () => {
  it.each<[Lang, RegExp]>([
    ['en', /API key does not give access/],
    ['fi', /API-avain ei anna pääsyä/],
    ['sv', /API-nyckeln ger inte åtkomst/],
    ['nb', /API-nøkkelen gir ikke tilgang/],
  ])('says a known reason in plain words in %s and keeps the raw reason and scopes under Details', (lang, words) => {
    const { container } = renderWithApp(<ErrorNotice error={scope} />, fakeBridge({}), { lang });
    const shown = open(container);
    expect(shown).toMatch(words);
    expect(shown).not.toMatch(/insufficient_scope|CATALOGUE|403/);
    const folded = container.querySelector('details')?.textContent ?? '';
    expect(folded).toContain('insufficient_scope');
    expect(folded).toContain('needs one of: CATALOGUE, catalogue:read');
  });

  it('keeps a reason it does not know on screen as the service said it', () => {
    const e = {
      kind: 'skip',
      code: 'invalid_parameters',
      status: 400,
      message: 'x',
      details: ['sum: must be a number'],
    } as BridgeErrorView;
    const { container } = renderWithApp(<ErrorNotice error={e} />, fakeBridge({}));
    expect(open(container)).toContain('sum: must be a number');
  });
});
