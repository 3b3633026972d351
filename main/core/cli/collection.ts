import type { Command } from 'commander';
import { collectionCommandSchemas } from '../../../shared/bridge/collection';
import { customerBid, SERVICE_LEVELS, type ServiceLevel } from '../../../shared/schemas/receivables';
import { type GlobalOptions, UsageError, withAccountApi } from './context';
import { askYesNo } from './prompt';

interface Options {
  account?: string;
  json?: boolean;
  yes?: boolean;
  amount?: string;
  date?: string;
  unseen?: boolean;
}

const dash = (v: unknown): string => (v === null || v === undefined || v === '' ? '-' : String(v));

/**
 * `collection assignments|pay|service-levels` and `events`: the service's own view of the company's
 * collection (also of assignments another program made), read and written straight at the service.
 */
export function collectionCommands(program: Command, globals: () => GlobalOptions): void {
  const print = (o: Options, value: unknown, lines: string[]): void => {
    process.stdout.write(o.json ? `${JSON.stringify(value, null, 2)}\n` : lines.map((l) => `${l}\n`).join(''));
  };
  const collection = program.command('collection').description("the service's collection assignments of the company");

  collection
    .command('assignments')
    .description("the service's own assignment list (newest 100) and its overview, also of assignments made elsewhere")
    .option('--account <name>')
    .option('--json', 'print JSON')
    .action(async (o: Options) => {
      const { ov, list } = await withAccountApi(globals(), o.account, async (api) => {
        const [ov, list] = await Promise.all([api.receivables.overview(), api.receivables.assignments({ per_page: 100 })]);
        return { ov, list };
      });
      const head = `${ov.total} ${ov.total === 1 ? 'assignment' : 'assignments'} at the service: ${ov.open} open, ${ov.closed} closed, ${ov.unseen_events} events not yet seen`;
      const rows = list.items.map(
        (a) =>
          `${a.id}\t${dash(a.invoice_number)}\t${a.status}\t${dash(a.phase)}\t${a.closed ? 'closed' : 'open'}\t${dash(a.open_amount)} ${dash(a.currency)}`,
      );
      print(o, { overview: ov, assignments: list.items, total: list.page.total }, [head, ...rows]);
    });

  collection
    .command('pay <assignmentId>')
    .description('record a payment the payer made directly to the company on an assignment')
    .requiredOption('--amount <amount>', 'the amount paid, such as 120.50')
    .requiredOption('--date <date>', 'the day it was paid, such as 2026-01-15')
    .option('--account <name>')
    .option('--yes', 'do not ask')
    .option('--json', 'print JSON')
    .action(async (assignmentId: string, o: Options) => {
      const amount = Number(String(o.amount).replace(',', '.'));
      const parsed = collectionCommandSchemas.directPayment.omit({ accountId: true }).safeParse({
        assignmentId,
        amount: Number.isFinite(amount) && String(o.amount).trim() !== '' ? amount : Number.NaN,
        bookedAt: o.date,
      });
      if (!parsed.success) {
        const field = String(parsed.error.issues[0]?.path[0] ?? '');
        if (field === 'amount') throw new UsageError(`--amount must be an amount above zero, such as 120.50 (got "${o.amount}")`);
        if (field === 'bookedAt') throw new UsageError(`--date must be a date such as 2026-01-15 (got "${o.date}")`);
        throw new UsageError('give the assignment id as `collection assignments` lists it');
      }
      const p = parsed.data;
      const result = await withAccountApi(globals(), o.account, async (api) => {
        const a = await api.receivables.assignment(p.assignmentId);
        process.stderr.write(
          `Recording ${p.amount} ${dash(a.currency)} paid directly to the company on ${p.bookedAt} for invoice ${dash(a.invoice_number)}: the agency no longer collects what was paid.\n`,
        );
        if (!o.yes && !(await askYesNo('Record this payment?', false)))
          throw new UsageError('Nothing was recorded (confirm on a terminal, or add --yes)');
        await api.receivables.addEvent(p.assignmentId, { event_type: 'paid', data: { sum_paid: p.amount, booked_at: p.bookedAt } });
        return api.receivables.assignment(p.assignmentId);
      });
      print(o, result, [
        `Recorded ${p.amount} ${dash(result.currency)} paid directly on invoice ${dash(result.invoice_number)}; ${result.closed ? 'the assignment is closed' : `still open: ${dash(result.open_amount)} ${dash(result.currency)}`}`,
      ]);
    });

  const levels = collection
    .command('service-levels')
    .description("customers' service levels for collection (default, premium, vip, service_bypass)");
  levels
    .command('list')
    .description('the service level of each customer that has one set')
    .option('--account <name>')
    .option('--json', 'print JSON')
    .action(async (o: Options) => {
      const list = await withAccountApi(globals(), o.account, (api) => api.receivables.serviceLevels());
      print(
        o,
        list,
        list.length
          ? list.map((l) => `${l.customer_bid}\t${l.service_level}\t${dash(l.updated_at)}`)
          : ['No customer has a service level set: every customer has the default.'],
      );
    });
  levels
    .command('set <customerBid> <level>')
    .description(`set a customer's service level: ${SERVICE_LEVELS.join(', ')}`)
    .option('--account <name>')
    .option('--json', 'print JSON')
    .action(async (bid: string, level: string, o: Options) => {
      const b = customerBid.safeParse(bid);
      if (!b.success) throw new UsageError(`the customer is ${b.error.issues[0]?.message ?? 'a business id'} (got "${bid}")`);
      if (!(SERVICE_LEVELS as readonly string[]).includes(level))
        throw new UsageError(`the service level is one of ${SERVICE_LEVELS.join(', ')} (got "${level}")`);
      const r = await withAccountApi(globals(), o.account, (api) => api.receivables.setServiceLevel(b.data, level as ServiceLevel));
      print(o, r, [`${r.customer_bid} now has service level ${r.service_level}`]);
    });

  program
    .command('events')
    .description("the company's collection events over all assignments (the agency's and the company's), newest first")
    .option('--account <name>')
    .option('--unseen', 'only the events not yet seen')
    .option('--json', 'print JSON')
    .action(async (o: Options) => {
      const list = await withAccountApi(globals(), o.account, (api) => api.receivables.allEvents(o.unseen ? { seen: false } : {}));
      const sorted = [...list].sort((a, b) => b.happened_at.localeCompare(a.happened_at));
      print(
        o,
        sorted,
        sorted.length ? sorted.map((e) => `${e.happened_at}\t${e.assignment_id}\t${e.event_type}`) : ['No collection events.'],
      );
    });
}
