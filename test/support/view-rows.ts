import type { InvoiceRow } from '../../shared/bridge/views';
import { keysReaching } from '../../shared/mirror/columns';
import { INVOICE_COLUMNS } from '../../shared/mirror/invoice-columns';

/**
 * An invoice row of the view with every column empty, for a fixture to fill in what its test is about:
 * a column added to the descriptor (shared/mirror/invoice-columns.ts) is in every fixture at once.
 */
export const emptyInvoiceRow = (): InvoiceRow =>
  Object.assign(Object.fromEntries(keysReaching(INVOICE_COLUMNS, 'view').map((k) => [k, null])) as unknown as InvoiceRow, {
    detectFindings: [],
  });
