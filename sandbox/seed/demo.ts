import { type SandboxContext, seededRandom } from '../context';
import { createCompany } from '../routes/admin';
import { seedCompany } from './company';
import { seedDetect } from './detect';
import { seedDocuments } from './documents';
import { seedInvoices } from './invoices';
import { seedNorway } from './norway';

export interface DemoCompany {
  name: string;
  company_id: string;
  api_key: string;
  vendor_api_key: string;
}

/**
 * The demo company and a realistic history built from the real files in ../shared/fixtures.
 * Order matters: Detect findings are set on invoices the invoice seeder made.
 */
export async function seedDemo(ctx: SandboxContext, seed = 2026): Promise<DemoCompany> {
  const c = createCompany(ctx, { name: 'Demo Oy', country: 'FI', business_id: '2845672-9', vat: 'FI28456729' });
  const random = seededRandom(seed);
  await seedCompany(ctx, c, random);
  await seedInvoices(ctx, c, random);
  await seedDocuments(ctx, c, random);
  await seedDetect(ctx, c, random);
  await seedNorway(ctx, c, random);
  return { name: c.name, company_id: c.id, api_key: c.api_key, vendor_api_key: c.vendor_api_key };
}
