import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CHOICES } from '../../../renderer/components/services/sending-fields';
import { ALL_SETTINGS_FIELDS } from '../../../renderer/forms/settings-fields';
import { createI18n, loadLanguage, showLanguage } from '../../../renderer/i18n';
import { catalogs } from '../../../renderer/i18n/catalogs';
import { LANGS } from '../../../renderer/i18n/langs';
import { ROOT_PROBLEMS } from '../../../shared/bridge/views';
import {
  AUTH_STATES,
  COMPANY_STATES,
  DETECT_CHECKS,
  DETECT_REASON_CODES,
  DOCUMENT_STATUSES,
  DOCUMENT_TYPES,
  INVOICE_STATUSES,
  NETWORKS,
  SETTINGS_SECTIONS,
} from '../../../shared/enums';
import { SPEC_ERROR_CODES } from '../../../shared/errors';
import { OPTION_VALUES } from '../../../shared/schemas/sending-options';

type Tree = { [k: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out.set(key, v);
    else for (const [kk, vv] of leaves(v, key)) out.set(kk, vv);
  }
  return out;
}

const vars = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
const en = leaves(catalogs.en as unknown as Tree);
/** A key used in code, with plural forms folded: `list.count` is there when `list.count_one` is. */
const has = (key: string) => en.has(key) || en.has(`${key}_one`);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return name === 'i18n' ? [] : sourceFiles(p);
    return /\.(ts|tsx)$/.test(name) ? [p] : [];
  });
}

describe('catalogs', () => {
  it.each(LANGS.filter((l) => l !== 'en'))('%s has exactly the English keys, each filled in, with the same placeholders', (lang) => {
    const other = leaves(catalogs[lang] as unknown as Tree);
    expect([...other.keys()].sort()).toEqual([...en.keys()].sort());
    for (const [key, text] of other) {
      expect(text.trim(), `${lang}: ${key}`).not.toBe('');
      expect(vars(text), `${lang}: ${key}`).toEqual(vars(en.get(key) ?? ''));
    }
  });

  it('has every key the renderer asks for with a literal key', () => {
    const root = join(import.meta.dirname, '../../../renderer');
    const missing: string[] = [];
    let seen = 0;
    for (const file of sourceFiles(root)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([a-zA-Z][\w.]*)'/g)) {
        seen++;
        if (!has(m[1] as string)) missing.push(`${file}: ${m[1]}`);
      }
      for (const m of text.matchAll(/'((?:validation|profiles\.errors)\.[\w.]+)'/g))
        if (!has(m[1] as string)) missing.push(`${file}: ${m[1]}`);
    }
    expect(seen).toBeGreaterThan(300);
    expect(missing).toEqual([]);
  });

  it('names every value the spec can send that the UI shows in words', () => {
    const needed = [
      ...INVOICE_STATUSES.map((s) => `status.${s}`),
      ...DOCUMENT_STATUSES.map((s) => `status.${s}`),
      ...DOCUMENT_TYPES.map((t) => `documentType.${t}`),
      ...NETWORKS.map((n) => `networks.${n}`),
      ...DETECT_CHECKS.map((c) => `detect.checks.${c}`),
      ...DETECT_CHECKS.flatMap((c) => (DETECT_REASON_CODES[c].WARNING ?? []).map((code) => `detect.reasons.${code}`)),
      ...SPEC_ERROR_CODES.map((c) => `errors.codes.${c}`),
      ...AUTH_STATES.map((s) => `authorization.authStates.${s}`),
      ...COMPANY_STATES.map((s) => `authorization.companyStates.${s}`),
      ...SETTINGS_SECTIONS.map((s) => `settingsSections.${s}`),
      ...ALL_SETTINGS_FIELDS.map((f) => `settingsFields.${f.path}`),
      ...ALL_SETTINGS_FIELDS.flatMap((f) => (f.options ?? []).map((o) => `settingsOptions.${o}`)),
      // Every value a folder's sending option is chosen from, and every route of the route order.
      ...Object.values(CHOICES).flatMap((c) => c.values.map((v) => `${c.names}.${v}`)),
      ...OPTION_VALUES.route_order.map((r) => `sendingValues.routeOrder.${r}`),
      ...ROOT_PROBLEMS.map((p) => `rootFolder.problems.${p}`),
    ];
    expect(needed.filter((k) => !has(k))).toEqual([]);
  });

  it('plural forms resolve in every language', () => {
    for (const lang of LANGS) {
      const i18n = createI18n(lang, catalogs);
      const one = i18n.t('list.count', { count: 1, formatted: '1' });
      const many = i18n.t('list.count', { count: 5, formatted: '5' });
      expect(one).toContain('1');
      expect(many).toContain('5');
      expect(one).not.toContain('list.count');
    }
    expect(createI18n('fi', catalogs).t('list.count', { count: 5, formatted: '5' })).toBe('5 tulosta');
  });

  it('fetches a language when it is first shown, and ends on the last one chosen', async () => {
    const i18n = createI18n('en');
    expect(i18n.hasResourceBundle('fi', 'translation')).toBe(false);
    // Until its catalog is in, a language that is not there reads English.
    expect(i18n.t('list.count', { lng: 'fi', count: 5, formatted: '5' })).toBe(i18n.t('list.count', { count: 5, formatted: '5' }));

    await showLanguage(i18n, 'fi');
    expect(i18n.language).toBe('fi');
    expect(i18n.t('list.count', { count: 5, formatted: '5' })).toBe('5 tulosta');

    // Swedish was asked for, then Norwegian before Swedish came in: the window ends in Norwegian.
    let wanted: 'sv' | 'nb' = 'sv';
    const sv = showLanguage(i18n, 'sv', () => wanted);
    wanted = 'nb';
    await Promise.all([sv, showLanguage(i18n, 'nb', () => wanted)]);
    expect(i18n.language).toBe('nb');
    expect(i18n.hasResourceBundle('sv', 'translation')).toBe(true);

    await loadLanguage(i18n, 'en');
    expect(i18n.language).toBe('nb');
  });
});
