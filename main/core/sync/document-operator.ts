import type { Receiver } from '../../../shared/schemas/lookup';
import { ServiceError } from '../api/errors';
import type { OutboxJob } from '../store/outbox';
import type { SyncContext } from './context';
import { fileRecipient } from './document-recipient';
import { typeFolderOf } from './layout';

/** The app refuses to send a document it cannot address fully: the note says what to set. Never retried. */
export class MissingRecipient extends Error {
  constructor(
    message: string,
    readonly details: string[],
  ) {
    super(message);
    this.name = 'MissingRecipient';
  }
}

/** The networks a recipient may be found in (spec: GET /v1/lookup/receivers). */
const NETWORKS = ['PEPPOL', 'INTERNAL', 'EXTERNAL'];
/** Operator codes found per API client, so a drop of many documents to one recipient asks once. */
const known = new WeakMap<object, Map<string, FoundOperator | null>>();

/**
 * The form fields with the recipient's operator, which the service needs for every document (spec:
 * "Document sending needs both recipient and recipient operator, given as parameters or parsed from
 * supported XML formats"): the folder's option; else left to the service when the file names the
 * operator itself (Finvoice); else the operator the receiver lookup knows for the recipient's address
 * (the folder's recipient_eia, or the one in the file). Without one the document is not sent at all.
 */
export async function withRecipientOperator(
  ctx: SyncContext,
  job: OutboxJob,
  data: Buffer,
  fields: Record<string, string | undefined>,
  signal?: AbortSignal,
): Promise<Record<string, string | undefined>> {
  if (fields.recipient_operator) return fields;
  const file = fileRecipient(data);
  if (file.namesOperator) return fields;
  const folder = typeFolderOf(job.relPath) ?? 'the Outbox folder';
  const where = `the sending options of ${folder} (Settings, Sending options)`;
  const eia = fields.recipient_eia ?? file.eia;
  if (!eia) {
    throw new MissingRecipient('The document does not say who receives it, so it was not sent.', [
      `Set recipient_eia (the recipient's e-invoice address) and recipient_operator in ${where}, then put the file back in the Outbox.`,
    ]);
  }
  const found = await lookUp(ctx, eia, signal);
  if (found?.code) return { ...fields, recipient_operator: found.code };
  throw new MissingRecipient(`The operator of the recipient ${eia} is not known, so the document was not sent.`, [
    found
      ? `The receiver lookup names the operator "${found.name}" for ${eia}, but not the code the service takes for it.`
      : `The service needs the recipient's operator, and its receiver lookup does not know ${eia}.`,
    `Set recipient_operator in ${where}, then put the file back in the Outbox.`,
  ]);
}

interface FoundOperator {
  /** What recipient_operator takes: PEPPOL for a receiver in Peppol, else the lookup's operator when it is a code. */
  code: string | null;
  name: string;
}

/**
 * A receiver in Peppol is reached through the network by its participant id, and the operator the
 * service takes for it is PEPPOL; elsewhere the lookup's operator is taken when it is a code (no
 * spaces): a display name ("Nordic Operator Oy") is not what the upload takes.
 */
function operatorOf(r: Receiver): FoundOperator | null {
  if (r.network === 'PEPPOL') return { code: 'PEPPOL', name: r.operator ?? 'PEPPOL' };
  if (!r.operator) return null;
  return { code: /^\S+$/.test(r.operator) ? r.operator : null, name: r.operator };
}

async function lookUp(ctx: SyncContext, eia: string, signal?: AbortSignal): Promise<FoundOperator | null> {
  let cache = known.get(ctx.api);
  if (!cache) {
    cache = new Map();
    known.set(ctx.api, cache);
  }
  const cached = cache.get(eia);
  if (cached !== undefined) return cached;
  // The lookup takes only the scheme:identifier form; another address cannot be looked up.
  if (!/^[^:\s]+:\S+$/.test(eia)) return null;
  try {
    const { items } = await ctx.api.lookups.receivers({ network: NETWORKS, eia }, signal);
    const answers = [...items.filter((r) => r.eia === eia), ...items.filter((r) => r.eia !== eia)].map(operatorOf);
    const operator = answers.find((a) => a?.code) ?? answers.find((a) => a) ?? null;
    // Only a code is kept: an address the lookup does not know yet may be known by the next file.
    if (operator?.code) cache.set(eia, operator);
    return operator;
  } catch (e) {
    // A lookup refused for this address or this token's scope (400, 403, 404) finds nothing; anything
    // else (the network, 5xx, credentials) is the upload's failure too and is handled as one.
    if (e instanceof ServiceError && e.status !== null && [400, 403, 404].includes(e.status)) return null;
    throw e;
  }
}
