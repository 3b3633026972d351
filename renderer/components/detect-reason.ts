import type { TFunction } from 'i18next';

/**
 * One of Detect's findings in the window's language. Findings are stored as the service wrote them,
 * in English; the check definitions map each English reason to its code (`codes`), and the catalog has
 * the code's words. A reason no definition names stays as the service wrote it.
 */
export function detectReason(t: TFunction, exists: (key: string) => boolean, codes: Record<string, string>, text: string): string {
  const code = codes[text];
  const key = code ? `detect.reasons.${code}` : null;
  return key && exists(key) ? t(key) : text;
}
