import type { SandboxContext } from '../context';
import { createCompany } from '../routes/admin';

export interface DemoCompany {
  name: string;
  company_id: string;
  api_key: string;
  vendor_api_key: string;
}

/** Creates the demo company. Its history is filled in by the domain seeders. */
export async function seedDemo(ctx: SandboxContext): Promise<DemoCompany> {
  const c = createCompany(ctx, { name: 'Demo Oy', country: 'FI', business_id: '2845672-9', vat: 'FI28456729' });
  return { name: c.name, company_id: c.id, api_key: c.api_key, vendor_api_key: c.vendor_api_key };
}
