import type { BridgeEventName, BridgeEvents } from '../../shared/bridge/events';

export interface NoticeContent {
  title: string;
  body: string;
}

export interface NotifierDeps {
  /** Shows a native notification (Electron's Notification). */
  show(n: NoticeContent): void;
  /** The user's "notifications" setting, read at the moment of showing. */
  enabled(): boolean;
  accountName(accountId: string | null): string | null;
  /** Runs fn once after ms (setTimeout; tests run it by hand). */
  later(fn: () => void, ms: number): void;
  now(): number;
}

/** Events of one kind within this window become one notification ("12 invoices received"). */
const GATHER_MS = 3_000;
/** The same problem is not announced again within this time. */
const REPEAT_MS = 60 * 60_000;

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n.toLocaleString('en')} ${many}`);

interface Batch {
  accountId: string;
  count: number;
  files: string[];
}

/**
 * Native notifications for what the user should know while the window is closed: invoices received,
 * invoices the service refused, sent invoices that need a reroute, and problems only the user can
 * fix. Bursts are gathered into one notification per kind and account (an initial mirror of a
 * thousand invoices says so once).
 */
export class Notifier {
  private readonly batches = new Map<string, Batch>();
  private readonly announced = new Map<string, number>();

  constructor(private readonly d: NotifierDeps) {}

  handle<E extends BridgeEventName>(name: E, payload: BridgeEvents[E]): void {
    if (name === 'item.received') {
      const p = payload as BridgeEvents['item.received'];
      if (p.kind === 'invoice') this.gather('received', p.accountId, null);
    } else if (name === 'item.rejected') {
      const p = payload as BridgeEvents['item.rejected'];
      this.gather('rejected', p.accountId, p.file);
    } else if (name === 'item.delivery') {
      const p = payload as BridgeEvents['item.delivery'];
      if (p.needsReroute) this.gather('reroute', p.accountId, null);
    } else if (name === 'invoice.answered') {
      const p = payload as BridgeEvents['invoice.answered'];
      this.answered(p);
    } else if (name === 'problem') {
      const p = payload as BridgeEvents['problem'];
      if (p.kind === 'user') this.problem(p.accountId, p.message);
    }
  }

  /** A buyer who rejects or queries a sent invoice waits for the seller: said at once, one notification each. */
  private answered(p: BridgeEvents['invoice.answered']): void {
    if ((p.code !== 'RE' && p.code !== 'UQ') || !this.d.enabled()) return;
    const invoice = p.number ? `Invoice ${p.number}` : 'A sent invoice';
    const account = this.d.accountName(p.accountId) ?? 'An account';
    this.d.show(
      p.code === 'RE'
        ? { title: `${invoice} was rejected by the buyer`, body: `${account}: see the reason in Sent invoices.` }
        : {
            title: `The buyer has a question about ${p.number ? `invoice ${p.number}` : 'a sent invoice'}`,
            body: `${account}: see it in Sent invoices.`,
          },
    );
  }

  private gather(kind: 'received' | 'rejected' | 'reroute', accountId: string, file: string | null): void {
    const key = `${kind}\u0000${accountId}`;
    let batch = this.batches.get(key);
    if (!batch) {
      batch = { accountId, count: 0, files: [] };
      this.batches.set(key, batch);
      this.d.later(() => this.flush(key, kind), GATHER_MS);
    }
    batch.count++;
    if (file && batch.files.length < 3) batch.files.push(file);
  }

  private flush(key: string, kind: 'received' | 'rejected' | 'reroute'): void {
    const batch = this.batches.get(key);
    this.batches.delete(key);
    if (!batch || !this.d.enabled()) return;
    const account = this.d.accountName(batch.accountId) ?? 'An account';
    if (kind === 'received') {
      this.d.show({ title: `${plural(batch.count, 'invoice', 'invoices')} received`, body: account });
    } else if (kind === 'rejected') {
      const more = batch.count - batch.files.length;
      const names = batch.files.join(', ') + (more > 0 ? ` and ${more} more` : '');
      this.d.show({
        title: `${plural(batch.count, 'invoice', 'invoices')} could not be sent`,
        body: `${account}: ${names}. See the Failed folder for what to fix.`,
      });
    } else {
      this.d.show({
        title: `${plural(batch.count, 'sent invoice needs', 'sent invoices need')} a reroute`,
        body: `${account}: the service could not deliver ${batch.count === 1 ? 'it' : 'them'}. Open the app to send by another route.`,
      });
    }
  }

  private problem(accountId: string | null, message: string): void {
    const key = `${accountId ?? ''}\u0000${message}`;
    const last = this.announced.get(key);
    const now = this.d.now();
    if (last !== undefined && now - last < REPEAT_MS) return;
    this.announced.set(key, now);
    if (!this.d.enabled()) return;
    const account = this.d.accountName(accountId);
    this.d.show({ title: account ? `${account} needs your attention` : 'E-Invoice Sync needs your attention', body: message });
  }
}
