import { DETECT_CHECKS } from '../../shared/enums';
import type { SandboxContext } from '../context';
import { codesOf } from '../domain/detect-reasons';
import { DetectState, type Finding } from '../domain/detect-state';
import type { CompanyRecord } from '../model';

/** Every warning of the spec's table, so that the demo shows each kind of finding sooner or later. */
const WARNINGS: Finding[] = DETECT_CHECKS.flatMap((check) => codesOf(check, 'WARNING').map((reason_code) => ({ check, reason_code })));

/**
 * Detect findings on about a tenth of the company's received invoices (one or two warnings each,
 * of varied checks and codes); the other invoices keep the findings the checks derive themselves.
 */
export async function seedDetect(ctx: SandboxContext, company: CompanyRecord, random: () => number): Promise<void> {
  const state = new DetectState(ctx);
  const received = state.invoices.filter((i) => i.company_id === company.id && i.direction === 'RECEIVED');
  if (received.length === 0) return;
  const want = Math.max(1, Math.round(received.length / 10));
  const chosen = new Set<number>();
  while (chosen.size < want) chosen.add(Math.floor(random() * received.length));
  let next = Math.floor(random() * WARNINGS.length);
  for (const index of chosen) {
    const inv = received[index];
    if (!inv) continue;
    const findings: Finding[] = [];
    const count = random() < 0.3 ? 2 : 1;
    while (findings.length < count) {
      const f = WARNINGS[next++ % WARNINGS.length];
      // Two findings of one invoice come from two checks.
      if (f && !findings.some((g) => g.check === f.check)) findings.push(f);
    }
    state.setFindings(inv, findings);
  }
}
