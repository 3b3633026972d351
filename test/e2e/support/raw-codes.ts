/**
 * What only belongs under "Details" (issue 37, item 7): a UUID, an HTTP status, a scope or a raw code
 * of the service. Each text on screen outside a <details> disclosure that shows one, with what it is.
 */
const RAW: Array<[string, RegExp]> = [
  ['uuid', /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i],
  ['http status', /\bHTTP\/?\s?[1-5]\d\d\b|\((?:[45]\d\d)\)/],
  // A scope as the service grants it (invoice:send, company:read), or a list of them; a format hint
  // such as "scheme:identifier" is the app's own words, so only the scopes' own first parts count.
  [
    'scope',
    /\b(?:billing|invoice|invoices|company|document|documents|lookup|partner|services?|receivables|validation|eui|global|bling|profile|analysis|detect):[a-z_]+\b|\bCATALOGUE\b/,
  ],
  // A code as the service writes it: token_expired, BANK_ACCOUNT_CHANGED (a file name with its extension is data).
  ['code', /(?<![\w.-])(?:[a-z]+(?:_[a-z0-9]+)+|[A-Z][A-Z0-9]+(?:_[A-Z0-9]+)+)(?![\w.-])/],
];

export function rawIn(text: string): string[] {
  return RAW.filter(([, re]) => re.test(text)).map(([what]) => what);
}

export async function rawOnScreen(page: import('playwright-core').Page): Promise<string[]> {
  const texts = (await page.evaluate(`(() => {
    const out = [];
    const hidden = (el) => !el || el.closest('[hidden], [aria-hidden="true"]') || el.getClientRects().length === 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const t = (n.textContent || '').trim();
      if (!t || hidden(el) || el.closest('script, style, details, input, textarea, select, option')) continue;
      out.push(t);
    }
    return out;
  })()`)) as string[];
  return [...new Set(texts)].filter((t) => rawIn(t).length > 0).map((t) => `${rawIn(t).join(',')}: ${t.slice(0, 160)}`);
}
