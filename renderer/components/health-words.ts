import type { TFunction } from 'i18next';
import { FEEDS, type HealthProblem } from '../../shared/account-health';

/** What holds, in the user's language (the card, a table row, "Needs a person" and the Sync now notice word it alike). */
export function healthWhat(t: TFunction, p: HealthProblem): string {
  if (p.kind === 'keysUnreadable') return t(`health.what.keysUnreadable_${p.reason === 'missing' ? 'missing' : 'store'}`);
  if (p.kind === 'serviceBehind' && p.feeds.length > 0 && p.feeds.length < FEEDS.length)
    return t('health.what.serviceBehindSome', { feeds: p.feeds.map((f) => t(`health.feeds.${f}`)).join(', ') });
  return p.count === null ? t(`health.what.${p.kind}`) : t(`health.what.${p.kind}`, { count: p.count });
}

/** What to do about it. */
export function healthTodo(t: TFunction, p: HealthProblem): string {
  if (p.kind === 'keysUnreadable') return t(`health.do.keysUnreadable_${p.reason === 'missing' ? 'missing' : 'store'}`);
  return t(`health.do.${p.kind}`);
}
