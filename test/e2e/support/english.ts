import { da } from '../../../renderer/i18n/da';
import { en } from '../../../renderer/i18n/en';
import { fi } from '../../../renderer/i18n/fi';
import { nb } from '../../../renderer/i18n/nb';
import { sv } from '../../../renderer/i18n/sv';

type Lang = 'fi' | 'sv' | 'nb' | 'da';
const CATALOGS = { fi, sv, nb, da } as const;

function words(v: unknown, into: Set<string>): Set<string> {
  if (typeof v === 'string') {
    for (const w of v
      .replace(/\{\{[^}]*\}\}/g, ' ')
      .toLowerCase()
      .match(/\p{L}+/gu) ?? [])
      into.add(w);
  } else if (v && typeof v === 'object') for (const x of Object.values(v)) words(x, into);
  return into;
}

/*
 * The engine's own sentences (health lines, refusal reasons, Detect texts) are not in the catalogs, so
 * English is known by its small words too, which no Nordic sentence uses.
 */
const SMALL = [
  'the',
  'and',
  'with',
  'from',
  'this',
  'that',
  'was',
  'were',
  'has',
  'have',
  'not',
  'could',
  'should',
  'would',
  'which',
  'there',
  'their',
  'its',
  'into',
  'than',
  'been',
  'will',
  'only',
  'file',
  'files',
  'accounts',
  'bytes',
  'byte',
  'need',
  'attempts',
  'across',
  'incoming',
  'payments',
];

/**
 * Proper names and codes that read the same in every language, each for a reason: the product and
 * the service's names, formats and networks by their own names, and the demo data's company names.
 */
export const PROPER = new Set([
  'e',
  'invoice',
  'sync',
  'peppol',
  'finvoice',
  'teappsxml',
  'ehf',
  'xml',
  'pdf',
  'ubl',
  'api',
  'csv',
  'json',
  'id',
  'ok',
  'iban',
  'bic',
  'ovt',
  'edi',
  'sms',
  'url',
  'email',
  'ltd',
]);

const EN_ONLY: Record<Lang, Set<string>> = Object.fromEntries(
  (Object.keys(CATALOGS) as Lang[]).map((l) => {
    const own = words(CATALOGS[l], new Set());
    const english = words(en, new Set(SMALL));
    return [l, new Set([...english].filter((w) => w.length >= 3 && !own.has(w) && !PROPER.has(w)))];
  }),
) as Record<Lang, Set<string>>;

/**
 * Texts that are data, not the app's words: paths and e-mail addresses, and the sandbox's demo data
 * (its companies, parties, invoice lines and documents are written in English or are names).
 */
/** The demo account's name, which the app's sentences quote. */
const DEMO_ACCOUNT = 'Demo (sandbox)';

const DATA: RegExp[] = [
  /^(\/|[A-Z]:\\)\S*$/,
  /^\S+@\S+$/,
  /(Oyj?|AB|AS|Ltd)$/,
  /^(Street|text|Buyer organization|Buyer Official Name|City Hospital \d+|(Change|Cancellation)-\d+|NOR-\d+|EXTERNAL)$/,
  // The demo company's own invoice text, in two languages as its owner wrote it.
  /Thank you for your order\.$/,
  /^Scanning Centre, ID \w+, \d+ Sandbox, FI$/,
];

/** The English words in a text shown in `lang`: words of the English catalog the language's own never uses. */
export function englishIn(text: string, lang: Lang): string[] {
  return (text.toLowerCase().match(/\p{L}+/gu) ?? []).filter((w) => EN_ONLY[lang].has(w));
}

/**
 * Each text on screen (text nodes, and the labels a screen reader says: aria-label, title, placeholder,
 * alt) with the English words in it. Code (<code>, translate="no") is left out: it is the raw fact itself.
 */
export async function englishOnScreen(page: import('playwright-core').Page, lang: Lang): Promise<string[]> {
  const texts = (await page.evaluate(`(() => {
    const out = [];
    const hidden = (el) => !el || el.closest('[hidden], [aria-hidden="true"]') || el.getClientRects().length === 0;
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const t = (n.textContent || '').trim();
      if (!t || hidden(el) || el.closest('script, style, code, kbd, samp, .proper, [translate="no"]')) continue;
      out.push(t);
    }
    for (const el of document.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      if (hidden(el) || el.closest('.proper, [translate="no"]')) continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) { const v = el.getAttribute(a); if (v) out.push(v); }
    }
    return out;
  })()`)) as string[];
  return [...new Set(texts.map((t) => t.replaceAll(DEMO_ACCOUNT, '').trim()))]
    .filter((t) => !DATA.some((d) => d.test(t)) && englishIn(t, lang).length > 0)
    .map((t) => `${englishIn(t, lang).join(',')}: ${t.slice(0, 160)}`);
}
