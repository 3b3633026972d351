import { WRITER } from '../main/core/store/writer';
import { RI_DELETE_KIND } from '../main/core/sync/jobs/ri-delete-queue';
import { needsPerson } from '../main/core/sync/needs-person';
import { deliverMany, engineOn, growthTable, out, requests, rmAll, sizeFrom, tmp, twoSizes } from './harness';
import { adminCompany, spawnSandbox } from './support';

// 2. A poll with nothing new, by the size of the local mirror (N/10 and N older invoices built
// directly in the store; a tenth as many invoices and documents sent long ago, their deliveries final;
// a tenth as many received RI bank messages, downloaded and deleted on the service as the account
// asks): a poll must not cost more for a bigger mirror or a longer history. Mean of 40 polls. Beside
// it, the Overview's "needs a person" counts and the Documents page's first page with its total,
// which read the same history.
const POLL_MIRROR = sizeFrom('BENCH_POLL_MIRROR', 100_000);

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
/** The mean time of 40 calls of `fn` after 5 untimed ones, as the polls are timed. */
function meanOf40(fn: () => void): number {
  const times: number[] = [];
  for (let i = 0; i < 45; i++) {
    const t = performance.now();
    fn();
    if (i >= 5) times.push(performance.now() - t);
  }
  return mean(times);
}

export async function pollBench(xml: Buffer): Promise<void> {
  const sizes = twoSizes(POLL_MIRROR);
  const sb = await spawnSandbox();
  try {
    const company = await adminCompany(sb.url);
    await deliverMany(sb.url, company.company_id, 10, xml);
    out('\n2. A poll with nothing new, by the size of the local mirror (mean of 40 polls)');
    const results: { ms: number; requests: number; overviewMs: number; documentsMs: number; documentSearchMs: number }[] = [];
    for (const size of sizes) {
      const data = await tmp('bench-poll-');
      const root = await tmp('bench-poll-root-');
      const engine = engineOn(data);
      const account = await engine.addAccount({
        name: 'Poll',
        environment: 'sandbox',
        url: sb.url,
        companyId: company.company_id,
        root,
        apiKey: company.api_key,
      });
      await engine.updateAccount(account.id, { deleteRiAfterDownload: true });
      await engine.syncOnce();
      // Fill the mirror with older invoices directly, as if mirrored long ago.
      engine[WRITER].transaction(() => {
        for (let i = 0; i < size; i++) {
          engine[WRITER].invoices.upsert(account.id, 'RECEIVED', {
            id: `old-${i}`,
            number: `OLD-${i}`,
            status: 'DELIVERED',
            sender: { name: `Supplier ${i % 500} Oy` },
            received_at: new Date(Date.UTC(2020, 0, 1) + i * 60_000).toISOString(),
          });
          engine[WRITER].invoices.setDetect(account.id, `old-${i}`, 'OK', []);
        }
        // Sent over the years: each a mirrored sent invoice and an outbox row whose delivery ended.
        for (let i = 0; i < size / 10; i++) {
          const id = `sent-${i}`;
          engine[WRITER].invoices.upsert(account.id, 'SENT', {
            id,
            number: `S-${i}`,
            status: 'DELIVERED',
            receiver: { name: `Customer ${i % 300} Oy` },
            received_at: new Date(Date.UTC(2020, 0, 1) + i * 600_000).toISOString(),
          });
          const { job } = engine[WRITER].outbox.insert({
            accountId: account.id,
            kind: 'invoice',
            relPath: `Outbox/Invoices/${id}.xml`,
            filename: `${id}.xml`,
            size: 1,
            mtimeMs: 0,
            sha256: i.toString(16).padStart(64, '0'),
            options: {},
          });
          engine[WRITER].outbox.transition(job.id, ['queued'], 'done', {
            remoteId: id,
            deliveryStatus: 'DELIVERED',
            destPath: `Sent/${id}.xml`,
          });
          engine[WRITER].documents.upsert(account.id, 'SENT', {
            id: `doc-${i}`,
            type: 'ORDER',
            number: `O-${i}`,
            status: 'CONFIRMED_DELIVERY',
            created_at: new Date(Date.UTC(2020, 0, 1) + i * 600_000).toISOString(),
          });
          // A received RI message, its file kept here and its delete on the service done.
          const ri = engine[WRITER].bankMessages.enqueue(account.id, 'ri', `ri-${i}`).job;
          engine[WRITER].bankMessages.markDone(ri.jobId, { path: `Inbox/ri-${i}.xml`, sha256: 'a'.repeat(64), size: 1 });
          engine[WRITER].jobs.enqueue(account.id, RI_DELETE_KIND, `ri-${i}`, { messageId: `ri-${i}` });
          const del = engine.store.jobs.find(account.id, RI_DELETE_KIND, `ri-${i}`)?.id ?? -1;
          engine[WRITER].jobs.claim(del);
          engine[WRITER].jobs.succeed(del);
          engine[WRITER].bankMessages.markDeleteQueued(account.id, `ri-${i}`);
        }
      });
      let sent = 0;
      const times: number[] = [];
      for (let i = 0; i < 45; i++) {
        const before = requests.n;
        const t = performance.now();
        const r = await engine.pollOnce(account.id);
        if (!r.ok) throw new Error(r.problems.join('; '));
        if (i >= 5) times.push(performance.now() - t);
        sent = requests.n - before;
      }
      const overviewMs = meanOf40(() =>
        needsPerson({ store: engine.store, accounts: engine.listAccounts(), now: Date.now(), health: engine.health() }),
      );
      // The Documents page's first page of sent documents with its total, as documents.list answers it.
      const documentsMs = meanOf40(() => {
        engine.store.documents.list(account.id, 'SENT', 100);
        engine.store.documents.count(account.id, 'SENT');
      });
      // A search of them that matches none: it reads every sent document's search text (migration 21),
      // so it grows with them, at the cost of reading an index.
      const documentSearchMs = meanOf40(() => {
        engine.store.documents.search(account.id, 'SENT', ['xyzzy'], 100);
      });
      results.push({ ms: mean(times), requests: sent, overviewMs, documentsMs, documentSearchMs });
      await engine.stop();
      await rmAll(data, root);
    }
    const [s, l] = results as [(typeof results)[0], (typeof results)[0]];
    growthTable(
      'a poll with nothing new (goal: growth under 1.20x)',
      [
        { name: 'mean time per poll', unit: 'ms', small: s.ms, large: l.ms },
        { name: 'requests per poll', unit: '', small: s.requests, large: l.requests, digits: 0 },
        { name: "the Overview's needs-a-person counts, mean", unit: 'ms', small: s.overviewMs, large: l.overviewMs, digits: 2 },
        { name: 'first page of sent documents with its total, mean', unit: 'ms', small: s.documentsMs, large: l.documentsMs, digits: 2 },
        {
          name: 'a search of the sent documents that matches none (reads them all), mean',
          unit: 'ms',
          small: s.documentSearchMs,
          large: l.documentSearchMs,
          digits: 2,
        },
      ],
      sizes,
    );
  } finally {
    await sb.stop();
  }
}
