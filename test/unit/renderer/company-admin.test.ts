import { describe, expect, it } from 'vitest';
import { eventKey } from '../../../renderer/components/WebhooksPanel';
import { catalogs } from '../../../renderer/i18n/catalogs';
import { LANGS } from '../../../renderer/i18n/langs';
import { eventNameProblem } from '../../../shared/schemas/company';
import { hasWebhookSecret, maskWebhookUrl, WEBHOOK_EVENT_GROUPS } from '../../../shared/webhook-url';

describe('webhook addresses', () => {
  it.each([
    ['https://user:pass@hooks.example.com/in?token=abc&x=1', 'https://user:•••@hooks.example.com/in?token=•••&x=•••'],
    ['https://hooks.example.com/in', 'https://hooks.example.com/in'],
    ['https://hooks.example.com:8443/a/b#frag', 'https://hooks.example.com:8443/a/b#•••'],
    ['https://:only-secret@h.example.com/', 'https://:•••@h.example.com/'],
    ['not a url user:pw@x', '•••@x'],
    ['hooks.example.com/in?token=abc', 'hooks.example.com/•••'],
  ])('%s is shown as %s', (url, shown) => {
    expect(maskWebhookUrl(url)).toBe(shown);
    expect(maskWebhookUrl(url)).not.toMatch(/pass|abc|only-secret|pw@/);
  });

  it('tells whether an address carries a secret', () => {
    expect(hasWebhookSecret('https://a:b@h.example.com/')).toBe(true);
    expect(hasWebhookSecret('https://h.example.com/?s=1')).toBe(true);
    expect(hasWebhookSecret('https://h.example.com/p')).toBe(false);
  });
});

describe('the event names offered', () => {
  const offered = Object.values(WEBHOOK_EVENT_GROUPS).flat();
  it('are names the service accepts', () => {
    for (const name of offered) expect(eventNameProblem(name), name).toBeNull();
  });
  it.each(LANGS)('each has its explanation in %s', (lang) => {
    const names = (catalogs[lang] as unknown as { companyAdmin: { webhooks: { eventNames: Record<string, string> } } }).companyAdmin
      .webhooks.eventNames;
    for (const name of offered) expect(names[eventKey(name)], `${lang}: ${name}`).toBeTruthy();
    expect(Object.keys(names).sort()).toEqual(offered.map(eventKey).sort());
  });
});
