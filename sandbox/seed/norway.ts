import type { SandboxContext } from '../context';
import { makeAccountNumber } from '../domain/atg-numbers';
import { addMandate, agreementsTable, type MandateStatus } from '../domain/atg-state';
import type { CompanyRecord } from '../model';

const DAY = 86_400_000;

/**
 * One ACTIVE ATG agreement and about 40 mandates on it, mostly ACTIVE, some PENDING or DELETED,
 * updated over the last four months (oldest first, as the mandate list orders them).
 */
export async function seedNorway(ctx: SandboxContext, company: CompanyRecord, random: () => number): Promise<void> {
  const account = makeAccountNumber(random);
  const created = new Date(ctx.now() - 150 * DAY).toISOString();
  agreementsTable(ctx).put({
    id: account,
    company_id: company.id,
    account_number: account,
    kid_length: 10,
    reference_position: 2,
    payment_type_position: 1,
    signer_email: `signer@${company.business_id.replace(/\W/g, '')}.example`,
    notification_by_print: false,
    notification_by_email: true,
    status: 'ACTIVE',
    created_at: created,
    updated_at: created,
  });
  const count = 36 + Math.floor(random() * 9);
  const times = Array.from({ length: count }, () => ctx.now() - Math.floor(random() * 120 * DAY)).sort((a, b) => a - b);
  times.forEach((t, i) => {
    const roll = random();
    const status: MandateStatus = roll < 0.7 ? 'ACTIVE' : roll < 0.85 ? 'PENDING' : 'DELETED';
    addMandate(ctx, company.id, {
      account_number: account,
      reference_nr: String(100_100 + i * 7),
      payment_type: random() < 0.8 ? '1' : '2',
      status,
      notification: random() < 0.5,
      updated_at: new Date(t).toISOString(),
    });
  });
}
