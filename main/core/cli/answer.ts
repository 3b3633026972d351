import type { Command } from 'commander';
import {
  type InvoiceAnswerInput,
  RESPONSE_CODE_NAMES,
  RESPONSE_CODES,
  type ResponseCode,
  STATUS_ACTION_NAMES,
  STATUS_ACTIONS,
  STATUS_REASON_NAMES,
  STATUS_REASONS,
  type StatusAction,
  type StatusReason,
} from '../../../shared/invoice-response-codes';
import { givenAnswerView, receivedAnswerView } from '../bridge/answer-views';
import type { Account } from '../store/accounts';
import { AnswerRefused } from '../sync/invoice-answers';
import { RulesUnavailableError } from '../validate/errors';
import { type CliContext, type GlobalOptions, openCli, UsageError } from './context';

const CODES = RESPONSE_CODES.map((c) => `${c} (${RESPONSE_CODE_NAMES[c]})`).join(', ');
const REASONS = STATUS_REASONS.map((c) => `${c} (${STATUS_REASON_NAMES[c]})`).join(', ');
const ACTIONS = STATUS_ACTIONS.map((c) => `${c} (${STATUS_ACTION_NAMES[c]})`).join(', ');
const list = (v: string, prev: string[]) => [
  ...prev,
  ...v
    .split(',')
    .map((s) => s.trim().toUpperCase())
    .filter(Boolean),
];

/** A received or sent invoice by its id or, failing that, its number. */
function invoiceOf(cli: CliContext, account: Account, ref: string, direction: 'RECEIVED' | 'SENT') {
  const byId = cli.engine.store.invoices.get(account.id, ref);
  if (byId) return byId;
  const found = cli.engine.store.invoices.list(account.id, { direction, search: ref }, 50).items.filter((i) => i.number === ref);
  if (found.length === 1) return found[0];
  if (found.length > 1)
    throw new UsageError(`${found.length} invoices have the number ${ref}: give the id (${found.map((f) => f.id).join(', ')})`);
  throw new UsageError(`No ${direction === 'RECEIVED' ? 'received' : 'sent'} invoice ${ref} in "${account.name}"`);
}

function parse(o: { status: string; reason: string[]; action: string[]; text?: string }): InvoiceAnswerInput {
  const code = o.status.toUpperCase();
  if (!(RESPONSE_CODES as readonly string[]).includes(code)) throw new UsageError(`--status is one of ${CODES}`);
  const badReason = o.reason.find((r) => !(STATUS_REASONS as readonly string[]).includes(r));
  if (badReason) throw new UsageError(`--reason ${badReason} is not a clarification reason: one of ${REASONS}`);
  const badAction = o.action.find((r) => !(STATUS_ACTIONS as readonly string[]).includes(r));
  if (badAction) throw new UsageError(`--action ${badAction} is not a clarification action: one of ${ACTIONS}`);
  return {
    code: code as ResponseCode,
    reasons: o.reason as StatusReason[],
    actions: o.action as StatusAction[],
    text: o.text ?? null,
  };
}

const line = (v: ReturnType<typeof givenAnswerView>) =>
  `${v.at}\t${v.code} ${RESPONSE_CODE_NAMES[v.code as ResponseCode] ?? ''}\t${[...v.reasons, ...v.actions].join(',') || '-'}\t${v.state}${v.text ? `\t${v.text}` : ''}\n`;

/** `answer`: answers a received invoice (a Peppol Invoice Response); `answers`: what was answered and received. */
export function answerCommands(program: Command, globals: () => GlobalOptions): void {
  program
    .command('answer')
    .description('answer a received invoice: accept, reject, query it and so on (a Peppol Invoice Response sent through the Outbox)')
    .requiredOption('--account <name>')
    .requiredOption('--invoice <id-or-number>', 'the received invoice')
    .requiredOption('--status <code>', `one of ${CODES}`)
    .option('--reason <codes>', `why (comma-separated): ${REASONS}`, list, [])
    .option('--action <codes>', `what you ask the seller to do (comma-separated): ${ACTIONS}`, list, [])
    .option('--text <text>', 'in your words: why, or what you ask')
    .option('--json', 'the answer as JSON')
    .action(
      async (o: {
        account: string;
        invoice: string;
        status: string;
        reason: string[];
        action: string[];
        text?: string;
        json?: boolean;
      }) => {
        const input = parse(o);
        const cli = await openCli(globals());
        try {
          const account = cli.engine.findAccount(o.account);
          if (!account) throw new UsageError(`No account named "${o.account}"`);
          const inv = invoiceOf(cli, account, o.invoice, 'RECEIVED');
          let outcome: Awaited<ReturnType<typeof cli.engine.answerInvoice>>;
          try {
            outcome = await cli.engine.answerInvoice(account.id, inv.id, input);
          } catch (e) {
            if (e instanceof AnswerRefused || e instanceof RulesUnavailableError) throw new UsageError(e.message);
            throw e;
          }
          const view = givenAnswerView(cli.engine.store, outcome.answer);
          if (o.json) process.stdout.write(`${JSON.stringify({ ...view, already: outcome.already }, null, 2)}\n`);
          else
            process.stdout.write(
              outcome.already
                ? `${inv.number ?? inv.id}: this answer was given already (${view.at}); nothing new was written.\n`
                : `${inv.number ?? inv.id}: answered "${RESPONSE_CODE_NAMES[input.code]}"; Outbox/Documents/INVOICE_RESPONSE/${view.file} is sent at the next sync.\n`,
            );
        } finally {
          await cli.close();
        }
      },
    );

  program
    .command('answers')
    .description('the answers given to a received invoice, or received for a sent one')
    .requiredOption('--account <name>')
    .requiredOption('--invoice <id-or-number>')
    .option('--sent', 'a sent invoice: the Invoice Responses received for it')
    .option('--json')
    .action(async (o: { account: string; invoice: string; sent?: boolean; json?: boolean }) => {
      const cli = await openCli(globals(), { access: 'read-through' });
      try {
        const account = cli.engine.findAccount(o.account);
        if (!account) throw new UsageError(`No account named "${o.account}"`);
        const inv = invoiceOf(cli, account, o.invoice, o.sent ? 'SENT' : 'RECEIVED');
        const store = cli.engine.store;
        const views =
          inv.direction === 'RECEIVED'
            ? store.invoiceAnswers.ofInvoice(account.id, inv.id).map((a) => givenAnswerView(store, a))
            : store.invoiceAnswers.responsesOf(account.id, inv.id).map(receivedAnswerView);
        if (o.json) process.stdout.write(`${JSON.stringify(views, null, 2)}\n`);
        else if (!views.length) process.stdout.write(`${inv.number ?? inv.id}: no answers.\n`);
        else for (const v of views) process.stdout.write(line(v));
      } finally {
        await cli.close();
      }
    });
}
