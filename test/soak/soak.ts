import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import Database from 'better-sqlite3';
import { type RepeatedUuidAnswer, seededRandom } from '../../sandbox/context';
import type { FaultRule } from '../../sandbox/faults';
import type { SandboxProfile } from '../../sandbox/profile-real';
import { addAccountArgs, CLI, CLI_NODE_ARGS } from '../support/cli';
import { buildTestCli } from '../support/cli-build';
import { withReachableSeller } from '../support/document-groups';
import { FIXTURES } from '../support/engine';
import { form, startTestSandbox, type TestCompany, type TestSandbox } from '../support/sandbox';
import { keptTempDir } from '../support/temp';

export interface SoakOptions {
  kills: number;
  seed: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
  /** Longest life of one engine run before it is killed, ms (default 2,000). */
  maxLifeMs?: number;
  /** What the sandbox answers to a repeated invoice uuid (default: the first invoice again). */
  repeatedUuid?: RepeatedUuidAnswer;
  /** The sandbox's profile: `real` answers as real-service-facts.md shows (no uuid or received_at on sent invoices). */
  profile?: SandboxProfile;
}

export interface SoakReport {
  seed: number;
  kills: number;
  dropped: { invoices: number; documents: number };
  arrived: { invoices: number; documents: number; bankMessages: number };
  uploadCalls: number;
  faultsHit: Record<string, number>;
  filesChecked: number;
  wallMs: number;
  violations: string[];
}

/** The faults of the soak: each kind the issue names, on the paths where it hurts most. */
function faultMix(): Omit<FaultRule, 'id' | 'hits' | 'passed'>[] {
  const FILES = '^/v1/invoices/[^/]+(/files/[^/]+)?$|^/v1/files/[^/]+$|^/v1/fi_bank_messages/[a-z_]+/[^/]+$';
  return [
    { action: 'drop_response', method: 'POST', path: '^/v1/(invoices|documents)$', probability: 0.25 },
    { action: 'error', status: 503, path: '^/v1/', probability: 0.04 },
    { action: 'error', status: 429, retry_after: 1, path: '^/v1/', probability: 0.02 },
    { action: 'reset', path: '^/v1/', probability: 0.03 },
    { action: 'stall', stall_ms: 1500, path: '^/v1/', probability: 0.02 },
    { action: 'garbage', method: 'GET', path: FILES, probability: 0.06 },
    { action: 'truncate', method: 'GET', path: FILES, probability: 0.06 },
    { action: 'garbage', method: 'GET', path: '^/v1/(invoices|documents)$', probability: 0.03 },
  ];
}

/**
 * Runs the engine (the real CLI, its own process) against an in-process sandbox with faults on while
 * files are dropped and invoices, documents and bank messages arrive, kills it with SIGKILL at seeded
 * random instants, lets it finish with the faults off, and checks that nothing was lost, nothing sent
 * twice, every file on disk is the service's byte for byte, no temporary file is left and the
 * database is sound. The schedule is seeded; the instants the kills land on are the OS's.
 */
export async function runSoak(o: SoakOptions): Promise<SoakReport> {
  // The CLI bundled as the tests start it (test/support/cli.ts); under vitest the run's global setup
  // built it, and building it again here could hand a starting engine a half-written file.
  if (!process.env.VITEST) await buildTestCli();
  const started = performance.now();
  const log = o.log ?? (() => undefined);
  const random = seededRandom(o.seed);
  const pick = (n: number) => Math.floor(random() * n);
  const sb = await startTestSandbox({
    seed: o.seed,
    tokenLifetimeSec: 4,
    ...(o.repeatedUuid ? { repeatedUuid: o.repeatedUuid } : {}),
    ...(o.profile ? { profile: o.profile } : {}),
  });
  const { call } = sb;
  const data = keptTempDir('einvoice-soak-data-');
  const root = keptTempDir('einvoice-soak-root-');
  const report: SoakReport = {
    seed: o.seed,
    kills: 0,
    dropped: { invoices: 0, documents: 0 },
    arrived: { invoices: 0, documents: 0, bankMessages: 0 },
    uploadCalls: 0,
    faultsHit: {},
    filesChecked: 0,
    wallMs: 0,
    violations: [],
  };
  try {
    const company = await sb.company({ name: 'Soak Oy' });
    // The API key in an encrypted file: a soak's account stays out of the machine's keychain.
    const env = { EINVOICE_API_KEY: company.api_key, EINVOICE_SECRETS_STORE: 'file', EINVOICE_SECRETS_PASSPHRASE: 'the soak passphrase' };
    const add = await run(addAccountArgs('Soak', sb.url, company.company_id, root), data, env);
    if (add.code !== 0) throw new Error(`accounts add failed: ${add.out}`);
    // The soak is about sending once through kills and faults. With the rules on, an engine's short life
    // went to the validator's cold start (a few hundred ms a file), and the uploads waited for the settle
    // with the faults off: 60 kills lost no answer at all.
    const off = await run(['options', '--account', 'Soak', '--folder', 'Outbox/Invoices', 'validation=off'], data, env);
    if (off.code !== 0) throw new Error(`options failed: ${off.out}`);

    const invoiceTemplate = await readFile(join(FIXTURES, 'invoices/peppol-bis3/base-example.xml'), 'utf8');
    const orderTemplate = await readFile(join(FIXTURES, 'documents/ORDER_Order_Example.xml'), 'utf8');
    const received = [
      'invoices/peppol-bis3/base-example.xml',
      'invoices/finvoice3/finvoice_30_example.xml',
      'invoices/en16931-cii/CII_example1.xml',
      'invoices/ehf3/ehf-3-faktura-1.xml',
    ];
    const dropped = new Map<string, string>();
    await call('/__sandbox/faults', { method: 'PUT', json: faultMix() });

    for (let round = 0; round < o.kills; round++) {
      // Drops: invoices (some into a dated subfolder) and now and then an order.
      for (let k = pick(3); k > 0; k--) {
        const n = report.dropped.invoices++;
        const sub = n % 3 === 0 ? join('batch', String(round % 5)) : '';
        const rel = join('Outbox', 'Invoices', sub, `soak-${String(n).padStart(5, '0')}.xml`);
        const body = invoiceTemplate.replace('<cbc:ID>Snippet1</cbc:ID>', `<cbc:ID>SOAK-${o.seed}-${n}</cbc:ID>`);
        await mkdir(join(root, 'Outbox', 'Invoices', sub), { recursive: true });
        await writeFile(join(root, rel), body);
        dropped.set(rel, body);
      }
      if (pick(4) === 0) {
        const n = report.dropped.documents++;
        const rel = join('Outbox', 'Documents', 'ORDER', `order-${String(n).padStart(5, '0')}.xml`);
        const body = withReachableSeller(orderTemplate).replace(/<cbc:ID>([^<]*)<\/cbc:ID>/, `<cbc:ID>SOAK-ORDER-${o.seed}-${n}</cbc:ID>`);
        await writeFile(join(root, rel), body);
        dropped.set(rel, body);
      }
      // Arrivals, through the admin API (never faulted).
      if (pick(2) === 0) {
        const file = received[pick(received.length)] as string;
        const res = await call(`/__sandbox/companies/${company.company_id}/received-invoices`, {
          method: 'POST',
          body: form({ name: `in-${round}.xml`, data: await readFile(join(FIXTURES, file)) }, { sender_name: `Sender ${pick(20)} Oy` }),
        });
        if (res.status === 201) report.arrived.invoices++;
      }
      if (pick(6) === 0) {
        const res = await call(`/__sandbox/companies/${company.company_id}/received-documents`, {
          method: 'POST',
          body: form({ name: `doc-${round}.xml`, data: Buffer.from(orderTemplate) }, { type: 'ORDER' }),
        });
        if (res.status === 201) report.arrived.documents++;
      }
      if (pick(8) === 0) {
        const res = await call(`/__sandbox/companies/${company.company_id}/bank-messages`, { method: 'POST', json: { kind: 'ri' } });
        if (res.status === 201) report.arrived.bankMessages++;
      }
      // Most kills land while the engine works (its life counted from when it said it is syncing, so a
      // slow start on a busy machine does not turn the soak into a soak of start-ups); some land anywhere.
      const p = spawnCli(['--data', data, 'sync', '--stable-ms', '100'], env);
      const life = 200 + pick(o.maxLifeMs ?? 2000);
      if (pick(5) > 0) await syncing(p, 60_000);
      // A real wait: a random life before the kill is the fault under test, not a wait for something.
      await sleep(life);
      p.kill('SIGKILL');
      await new Promise((r) => (p.exitCode !== null || p.signalCode !== null ? r(null) : p.once('exit', r)));
      report.kills++;
      if (round % 10 === 9) log(`soak: ${round + 1}/${o.kills} kills, ${dropped.size} files dropped`);
    }

    for (const rule of (await (await call('/__sandbox/faults')).json()) as FaultRule[])
      report.faultsHit[rule.action] = (report.faultsHit[rule.action] ?? 0) + rule.hits;
    await call('/__sandbox/faults', { method: 'DELETE' });
    await call('/__sandbox/config', { method: 'PATCH', json: { token_lifetime_s: 3600 } });
    // The settle: every retry waiting out its back-off is asked for now, as a user's "Sync now" would.
    retryEverythingNow(data);
    for (let pass = 0; pass < 5; pass++) {
      const final = await run(['--data', data, 'sync', '--once', '--stable-ms', '100'], data, env);
      if (final.code === 0 && (await settled(root, data))) break;
      if (pass === 4) report.violations.push(`the engine did not settle with the faults off: ${final.out.slice(-2000)}`);
      retryEverythingNow(data);
    }
    await check(report, { sb, company, root, data, dropped });
  } finally {
    await sb.close();
    if (report.violations.length === 0) {
      await rm(data, { recursive: true, force: true });
      await rm(root, { recursive: true, force: true });
    } else {
      report.violations.push(`left for a look: data ${data}, root ${root}`);
    }
  }
  report.wallMs = Math.round(performance.now() - started);
  return report;
}

/** The real command line, its output read as it comes (a full pipe would block it). */
function spawnCli(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const p = spawn(process.execPath, [...CLI_NODE_ARGS, CLI, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  p.stdout?.resume();
  p.stderr?.resume();
  return p;
}

/** Resolves when the long-running engine says it is syncing (its log line), or it exited, or after `ms`. */
function syncing(p: ChildProcess, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      p.stderr?.off('data', on);
      resolve();
    };
    const on = (d: Buffer) => {
      if (d.toString().includes('"msg":"syncing')) done();
    };
    const timer = setTimeout(done, ms);
    p.stderr?.on('data', on);
    p.once('exit', done);
  });
}

async function run(args: string[], data: string, env: NodeJS.ProcessEnv): Promise<{ code: number | null; out: string }> {
  const all = args[0] === '--data' ? args : ['--data', data, ...args];
  const p = spawnCli([...all.slice(0, 2), '--log-level', 'warn', ...all.slice(2)], env);
  let out = '';
  p.stdout?.on('data', (d) => {
    out += d;
  });
  p.stderr?.on('data', (d) => {
    out += d;
  });
  const code = await new Promise<number | null>((r) => p.once('exit', r));
  return { code, out };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const dbFile = (data: string) => join(data, 'einvoice-sync.sqlite');

function retryEverythingNow(data: string): void {
  const db = new Database(dbFile(data));
  try {
    db.exec(`UPDATE outbox SET next_attempt_at = 0 WHERE state = 'queued';
             UPDATE invoice_files SET next_attempt_at = 0 WHERE state = 'pending';
             UPDATE document_files SET next_attempt_at = 0 WHERE state = 'pending';
             UPDATE bank_messages SET next_attempt_at = 0 WHERE state = 'pending';`);
  } finally {
    db.close();
  }
}

async function settled(root: string, data: string): Promise<boolean> {
  const db = new Database(dbFile(data), { readonly: true });
  try {
    const open = db
      .prepare(
        `SELECT (SELECT count(*) FROM outbox WHERE state NOT IN ('done', 'failed', 'vanished'))
              + (SELECT count(*) FROM invoice_files WHERE state = 'pending')
              + (SELECT count(*) FROM document_files WHERE state = 'pending')
              + (SELECT count(*) FROM bank_messages WHERE state = 'pending')`,
      )
      .pluck()
      .get() as number;
    return open === 0 && (await walk(join(root, 'Outbox'))).length === 0;
  } finally {
    db.close();
  }
}

/** Every file below `dir`, as paths. */
async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  for (const e of entries) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await walk(p)));
    else out.push(p);
  }
  return out;
}

interface CheckContext {
  sb: TestSandbox;
  company: TestCompany;
  root: string;
  data: string;
  dropped: Map<string, string>;
}

async function check(report: SoakReport, c: CheckContext): Promise<void> {
  const bad = (s: string) => report.violations.push(s);
  const { root, data, dropped, sb } = c;
  const { call } = sb;
  const token = await sb.token(c.company);
  const get = async (path: string) => Buffer.from(await (await call(path, { token })).arrayBuffer());
  const list = async <T>(path: string): Promise<T[]> => {
    const all: T[] = [];
    for (let page = 1; ; page++) {
      const answer: unknown = JSON.parse((await get(`${path}${path.includes('?') ? '&' : '?'}per_page=100&page=${page}`)).toString());
      if (!Array.isArray(answer)) throw new Error(`${path} answered ${JSON.stringify(answer).slice(0, 300)}`);
      const items = answer as T[];
      all.push(...items);
      if (items.length < 100) return all;
    }
  };

  // Sent exactly once: one uuid per dropped file, and the service holds one item per file.
  const ledger = (await (await call(`/__sandbox/companies/${c.company.company_id}/uploads`)).json()) as {
    filename: string;
    uuid: string | null;
    transmission_id: string | null;
    attempts: number;
  }[];
  report.uploadCalls = ledger.reduce((n, u) => n + u.attempts, 0);
  const byName = new Map<string, number>();
  for (const u of ledger) byName.set(u.filename, (byName.get(u.filename) ?? 0) + 1);
  const names = [...dropped.keys()].map((rel) => rel.split(/[\\/]/).pop() as string);
  for (const n of names) if (byName.get(n) !== 1) bad(`${n} became ${byName.get(n) ?? 0} items at the service, not 1`);
  for (const [n, count] of byName) if (!names.includes(n)) bad(`the service holds ${count} item(s) named ${n} that nobody dropped`);
  const sentInvoices = await list<{ id: string }>('/v1/invoices?direction=SENT');
  if (sentInvoices.length !== report.dropped.invoices)
    bad(`the service holds ${sentInvoices.length} sent invoices for ${report.dropped.invoices} dropped`);

  // Outbox empty; every dropped file in Sent/ once, byte for byte, at its relative place.
  const left = await walk(join(root, 'Outbox'));
  if (left.length) bad(`left in the Outbox: ${left.map((p) => relative(root, p)).join(', ')}`);
  const sent = (await walk(join(root, 'Sent'))).map((p) => relative(join(root, 'Sent'), p));
  for (const [rel, body] of dropped) {
    const inSent = rel.replace(/^Outbox[\\/](Invoices|Documents[\\/][A-Z_]+)[\\/]/, '');
    const text = await readFile(join(root, 'Sent', inSent), 'utf8').catch(() => null);
    if (text !== body) bad(`${rel} is not in Sent/ as ${inSent} byte for byte`);
  }
  if (sent.length !== dropped.size) bad(`Sent/ holds ${sent.length} files for ${dropped.size} dropped`);

  // Received: every file of every invoice, document and bank message on disk once, as the service has it.
  const db = new Database(dbFile(data), { readonly: true });
  try {
    const integrity = db.prepare('PRAGMA integrity_check').pluck().get();
    if (integrity !== 'ok') bad(`PRAGMA integrity_check: ${integrity}`);
    const received = await list<{ id: string; source_format?: string; files?: { id: string }[] }>('/v1/invoices?direction=RECEIVED');
    if (received.length !== report.arrived.invoices)
      bad(`${received.length} received invoices at the service for ${report.arrived.invoices} made`);
    const jobs = db.prepare('SELECT * FROM invoice_files').all() as {
      invoice_id: string;
      kind: string;
      remote_file_id: string;
      state: string;
      path: string | null;
    }[];
    const sentIds = new Set(sentInvoices.map((i) => i.id));
    const records = new Map(
      [...received, ...(await list<{ id: string; source_format?: string }>('/v1/invoices?direction=SENT'))].map((r) => [r.id, r]),
    );
    for (const inv of received) if (!jobs.some((j) => j.invoice_id === inv.id)) bad(`received invoice ${inv.id} has no files queued`);
    for (const j of jobs) {
      const rec = records.get(j.invoice_id);
      if (j.state !== 'done' || !j.path || !rec) {
        bad(`file ${j.kind} of invoice ${j.invoice_id}${sentIds.has(j.invoice_id) ? ' (sent)' : ''} is ${j.state}`);
        continue;
      }
      const format = j.kind === 'image' ? 'ORIGINAL_OR_GENERATED_IMAGE' : rec.source_format === 'FINVOICE30' ? 'FINVOICE30' : 'PEPPOLBIS30';
      const want =
        j.kind === 'attachment'
          ? await get(`/v1/invoices/${j.invoice_id}/files/${j.remote_file_id}`)
          : await get(`/v1/invoices/${j.invoice_id}?return_format=${format}`);
      const have = await readFile(j.path).catch(() => null);
      if (!have?.equals(want)) bad(`${relative(root, j.path)} is not the service's ${j.kind} of ${j.invoice_id}`);
      report.filesChecked++;
    }
    const docJobs = db.prepare('SELECT * FROM document_files').all() as {
      document_id: string;
      file_id: string;
      state: string;
      path: string | null;
    }[];
    const docs = await list<{ id: string }>('/v1/documents?direction=RECEIVED');
    if (docs.length !== report.arrived.documents)
      bad(`${docs.length} received documents at the service for ${report.arrived.documents} made`);
    for (const d of docs) if (!docJobs.some((j) => j.document_id === d.id)) bad(`received document ${d.id} has no files queued`);
    for (const j of docJobs) {
      const have = j.path ? await readFile(j.path).catch(() => null) : null;
      if (j.state !== 'done' || !have?.equals(await get(`/v1/files/${j.file_id}`)))
        bad(`file ${j.file_id} of document ${j.document_id} is ${j.state} or differs`);
      else report.filesChecked++;
    }
    const bank = db.prepare('SELECT * FROM bank_messages').all() as { kind: string; id: string; state: string; path: string | null }[];
    if (bank.length !== report.arrived.bankMessages) bad(`${bank.length} bank messages mirrored for ${report.arrived.bankMessages} made`);
    for (const m of bank) {
      const have = m.path ? await readFile(m.path).catch(() => null) : null;
      const want = await get(`/v1/fi_bank_messages/${m.kind}_messages/${m.id}`);
      if (m.state !== 'done' || !have?.equals(want)) bad(`bank message ${m.kind}:${m.id} is ${m.state} or differs`);
      else report.filesChecked++;
    }
    const open = db.prepare("SELECT rel_path, state FROM outbox WHERE state NOT IN ('done', 'failed', 'vanished')").all() as {
      rel_path: string;
      state: string;
    }[];
    for (const r of open) bad(`outbox row ${r.rel_path} is still ${r.state}`);
    const failed = db.prepare("SELECT rel_path, last_error FROM outbox WHERE state = 'failed'").all() as {
      rel_path: string;
      last_error: string;
    }[];
    for (const r of failed) bad(`${r.rel_path} was refused: ${r.last_error}`);
  } finally {
    db.close();
  }

  // Every file once: as many files in the Inbox and the archive as jobs that wrote them; no temporary files anywhere.
  const db2 = new Database(dbFile(data), { readonly: true });
  try {
    const count = (sql: string) => db2.prepare(sql).pluck().get() as number;
    const folders: [string, number][] = [
      [
        join(root, 'Inbox', 'Invoices'),
        count(
          "SELECT count(*) FROM invoice_files f JOIN invoices i ON i.account_id = f.account_id AND i.id = f.invoice_id WHERE f.state = 'done' AND i.direction = 'RECEIVED'",
        ),
      ],
      [
        join(root, 'Archive', 'SentInvoices'),
        count(
          "SELECT count(*) FROM invoice_files f JOIN invoices i ON i.account_id = f.account_id AND i.id = f.invoice_id WHERE f.state = 'done' AND i.direction = 'SENT'",
        ),
      ],
      [join(root, 'Inbox', 'Documents'), count("SELECT count(*) FROM document_files WHERE state = 'done'")],
      [join(root, 'Inbox', 'BankMessages'), count("SELECT count(*) FROM bank_messages WHERE state = 'done'")],
    ];
    for (const [dir, jobs] of folders) {
      const files = (await walk(dir)).length;
      if (files !== jobs) bad(`${relative(root, dir)} holds ${files} files for ${jobs} downloads`);
    }
  } finally {
    db2.close();
  }
  for (const p of [...(await walk(root)), ...(await walk(join(data, 'spool')))]) {
    const name = p.split(/[\\/]/).pop() as string;
    if (/^\.einvoice-[0-9a-f]+\.part$/.test(name) || /^\.[0-9a-f]{16}\.tmp$/.test(name)) bad(`temporary file left: ${p}`);
    if (p.includes('Set aside')) bad(`a file was set aside: ${relative(root, p)}`);
  }
}
