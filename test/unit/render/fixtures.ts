import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const INVOICES = fileURLToPath(new URL('../../../../shared/fixtures/invoices/', import.meta.url));
export const DOCUMENTS = fileURLToPath(new URL('../../../../shared/fixtures/documents/', import.meta.url));

export const fixture = (rel: string): Buffer => readFileSync(join(INVOICES, rel));

/** Every real invoice file, as `folder/name`. */
export function allInvoiceFixtures(): string[] {
  return readdirSync(INVOICES)
    .sort()
    .flatMap((dir) =>
      readdirSync(join(INVOICES, dir))
        .sort()
        .map((f) => `${dir}/${f}`),
    );
}
