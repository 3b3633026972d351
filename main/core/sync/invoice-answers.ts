import { createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { answerProblem, type InvoiceAnswerInput, RESPONSE_CODE_NAMES } from '../../../shared/invoice-response-codes';
import { ServiceError } from '../api/errors';
import { renderInvoice } from '../render';
import type { InvoiceAnswer } from '../store/invoice-answers';
import { checkInvoiceResponse } from '../validate/invoice-response-rules';
import type { SyncContext } from './context';
import { fsyncDir } from './files';
import { invoiceAnswerXml } from './invoice-answer-xml';
import { outboxDocumentFolder } from './layout';

/** Why an answer was not given, with a code the UI has words for (errors.codes.<code>). */
export class AnswerRefused extends Error {
  constructor(
    readonly code: 'answer_invalid' | 'answer_no_address' | 'answer_cannot_receive' | 'answer_rules_failed' | 'answer_not_received',
    message: string,
  ) {
    super(message);
    this.name = 'AnswerRefused';
  }
}

export const ANSWER_FOLDER = outboxDocumentFolder('INVOICE_RESPONSE');
const NETWORKS = ['PEPPOL', 'INTERNAL', 'EXTERNAL'];

/** The answer's key: the invoice and what is answered, so the same answer twice is one answer. */
export function answerKeyOf(invoiceId: string, a: InvoiceAnswerInput): string {
  const what = [invoiceId, a.code, [...a.reasons].sort(), [...a.actions].sort(), a.text?.trim() || null];
  return createHash('sha256').update(JSON.stringify(what)).digest('hex').slice(0, 24);
}

const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60) || 'invoice';

/** The parties and the invoice as its own XML says them (the downloaded original). */
async function invoiceFacts(ctx: SyncContext, invoiceId: string) {
  const original = ctx.store.invoiceFiles.listForInvoice(ctx.account.id, invoiceId).find((j) => j.kind === 'original');
  if (original?.state !== 'done' || !original.path) return null;
  try {
    return renderInvoice(await readFile(original.path));
  } catch {
    return null;
  }
}

/** Whether the lookup shows the address receives Invoice Responses; a refused lookup (400, 404) says no. */
async function receivesResponses(ctx: SyncContext, eia: string, signal?: AbortSignal): Promise<boolean> {
  try {
    const { items } = await ctx.api.lookups.receivers({ network: NETWORKS, eia, document_type: ['INVOICE_RESPONSE'] }, signal);
    return items.some((r) => (r.document_types ?? []).some((d) => d.document_type === 'INVOICE_RESPONSE'));
  } catch (e) {
    if (e instanceof ServiceError && e.status !== null && [400, 404].includes(e.status)) return false;
    throw e;
  }
}

/**
 * Writes the answer's file into Outbox/Documents/INVOICE_RESPONSE/ under its own name, whole or not at
 * all: a temporary copy beside the Outbox's type folders (never listed), flushed, then linked to the
 * name. A name already there is this answer's own file (the name holds the answer's key), so a repeat
 * leaves it alone; the hot folder sends it like any document. Then the answer is marked written.
 */
export async function writeAnswerFile(ctx: SyncContext, a: InvoiceAnswer): Promise<void> {
  const dir = join(ctx.account.root, ...ANSWER_FOLDER.split('/'));
  const outbox = join(ctx.account.root, 'Outbox');
  await mkdir(dir, { recursive: true });
  const tmp = join(outbox, `.einvoice-${randomBytes(6).toString('hex')}.part`);
  await writeFile(tmp, a.xml, { flag: 'wx', flush: true });
  try {
    await link(tmp, join(dir, a.fileName));
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
  await fsyncDir(dir);
  ctx.store.invoiceAnswers.markWritten(ctx.account.id, a.answerKey);
}

export interface AnswerOutcome {
  answer: InvoiceAnswer;
  /** The same answer had been given before: nothing new was written. */
  already: boolean;
}

/**
 * Answers a received invoice (issue 42, item 1): builds the Peppol Invoice Response, checks it against
 * the T111 rules, makes sure the seller's address receives such responses, records the answer (with
 * its bytes) durably and writes its file into the Outbox, from where it is sent like any document.
 * The same answer again (a double click, a repeat after a crash) finds the one recorded and only
 * finishes writing its file.
 */
export async function answerInvoice(
  ctx: SyncContext,
  invoiceId: string,
  input: InvoiceAnswerInput,
  signal?: AbortSignal,
): Promise<AnswerOutcome> {
  const { store, account } = ctx;
  const inv = store.invoices.get(account.id, invoiceId);
  if (!inv) throw new AnswerRefused('answer_not_received', `There is no invoice ${invoiceId} in this account.`);
  if (inv.direction !== 'RECEIVED') throw new AnswerRefused('answer_not_received', 'Only a received invoice can be answered.');
  const problem = answerProblem(input);
  if (problem) throw new AnswerRefused('answer_invalid', problem);
  const answerKey = answerKeyOf(invoiceId, input);
  const given = store.invoiceAnswers.get(account.id, answerKey);
  if (given) {
    if (given.state === 'writing') await writeAnswerFile(ctx, given);
    return { answer: store.invoiceAnswers.get(account.id, answerKey) ?? given, already: true };
  }

  const facts = await invoiceFacts(ctx, invoiceId);
  const number = facts?.number ?? inv.number;
  const seller = facts?.seller.eia ?? null;
  const buyer = facts?.buyer.eia ?? null;
  const who = inv.senderName ?? facts?.seller.name ?? 'The seller';
  if (!seller || !buyer || !number)
    throw new AnswerRefused(
      'answer_no_address',
      `${number ?? invoiceId}: the invoice does not give ${!number ? 'its number' : !seller ? "the seller's e-invoice address" : 'your e-invoice address'}, so an answer cannot be addressed. Answer ${who} another way.`,
    );
  if (!(await receivesResponses(ctx, seller, signal)))
    throw new AnswerRefused(
      'answer_cannot_receive',
      `${who} (${seller}) cannot receive invoice responses: the receiver lookup does not list them for that address. Nothing was sent; answer them another way.`,
    );

  const xml = invoiceAnswerXml({
    ...input,
    id: `IR-${answerKey}`,
    issueDate: new Date(ctx.now()).toISOString().slice(0, 10),
    sender: { eia: buyer, name: facts?.buyer.name ?? account.name },
    receiver: { eia: seller, name: facts?.seller.name ?? who },
    invoice: { number, issueDate: facts?.issueDate ?? null, typeCode: facts?.kind === 'credit_note' ? '381' : '380' },
  });
  const check = await checkInvoiceResponse(xml);
  if (!check.ok) {
    const broken = check.findings.filter((f) => f.flag === 'fatal');
    throw new AnswerRefused(
      'answer_rules_failed',
      `The answer breaks the Invoice Response rules, so it was not sent: ${broken.map((f) => `${f.id} ${f.text}`).join('; ')}`,
    );
  }
  // Two of the same answer at once (a double click) both get here: the first to commit records it.
  const { answer, created } = store.durableTransaction(() =>
    store.invoiceAnswers.record({
      accountId: account.id,
      answerKey,
      invoiceId,
      code: input.code,
      reasons: input.reasons,
      actions: input.actions,
      text: input.text?.trim() || null,
      fileName: `${safe(number)}-${input.code}-${answerKey.slice(0, 8)}.xml`,
      xml,
    }),
  );
  await writeAnswerFile(ctx, answer);
  if (!created) return { answer: store.invoiceAnswers.get(account.id, answerKey) ?? answer, already: true };
  store.activity.append({
    accountId: account.id,
    level: 'info',
    kind: 'invoice.answered',
    message: `${number}: answered "${RESPONSE_CODE_NAMES[input.code]}" to ${who}; the answer is in ${ANSWER_FOLDER}/${answer.fileName}`,
    ref: invoiceId,
  });
  ctx.events.emit('invoice', { accountId: account.id, invoiceId });
  return { answer: store.invoiceAnswers.get(account.id, answerKey) ?? answer, already: false };
}

/** Answers recorded whose file a crash kept from being written: written at start, before the Outbox is read. */
export async function finishAnswers(ctx: SyncContext): Promise<number> {
  const open = ctx.store.invoiceAnswers.writing(ctx.account.id);
  for (const a of open) await writeAnswerFile(ctx, a);
  return open.length;
}
