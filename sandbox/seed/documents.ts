import type { SandboxContext } from '../context';
import type { CompanyRecord } from '../model';

/** Demo history for this endpoint group (to be implemented). */
export async function seedDocuments(_ctx: SandboxContext, _company: CompanyRecord, _random: () => number): Promise<void> {}
