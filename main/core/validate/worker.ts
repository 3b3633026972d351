// A validation worker thread (node:worker_threads): loads each compiled rule set the first time a file
// needs it, then runs files through them one at a time. Everything heavy happens here, not on the
// engine's thread: reading the file, the input checks, SaxonJS, the SVRL parse and the line search.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { getHeapStatistics } from 'node:v8';
import { parentPort, workerData } from 'node:worker_threads';
import SaxonJS from 'saxon-js';
import type { CheckPhase, CompiledRulesetId, RulesetRun, ValidationNote } from '../../../shared/validation/report';
import { type Identity, identify, rulesetsFor } from './detect';
import { RulesUnavailableError } from './errors';
import { checkFinvoiceStructure } from './finvoice';
import { readableXml, TooLargeToCheckError, tooLarge, UnreadableFileError } from './input';
import { locate, pathOfValue } from './locate';
import type { SheetRef, ValidateJob, WorkerAnswer, WorkerFinding, WorkerInit, WorkerReport, WorkerStep } from './protocol';
import { MANIFEST_FILE, type RulesManifest, rulesetById, sourcesOf } from './rulesets';
import { parseSvrl } from './svrl';

const init = workerData as WorkerInit;
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

let manifest: RulesManifest | null = null;
function readManifest(): RulesManifest {
  if (manifest) return manifest;
  let m: RulesManifest;
  try {
    m = JSON.parse(readFileSync(join(init.rulesDir, MANIFEST_FILE), 'utf8')) as RulesManifest;
  } catch {
    throw new RulesUnavailableError(`The compiled rule sets are missing (no ${MANIFEST_FILE} in ${init.rulesDir}). ${init.advice}`);
  }
  manifest = m;
  return m;
}

const loaded = new Map<string, unknown>();

/** An installed pack's stylesheet, checked against the hash its signed pack.json gives it, once. */
function packStylesheet(id: CompiledRulesetId, ref: SheetRef): unknown {
  const key = `${id}@${ref.sha256}`;
  const have = loaded.get(key);
  if (have) return have;
  let bytes: Buffer;
  try {
    bytes = readFileSync(ref.path);
  } catch {
    throw new RulesUnavailableError(`The rule pack's stylesheet ${ref.path} is missing: install the pack again.`);
  }
  if (sha256(bytes) !== ref.sha256)
    throw new RulesUnavailableError(
      `The rule pack's stylesheet ${ref.path} is damaged (it is not what was signed): install the pack again.`,
    );
  const sef = JSON.parse(bytes.toString('utf8')) as unknown;
  loaded.set(key, sef);
  return sef;
}

/** The compiled stylesheet of a rule set, checked against the manifest (and the sources, when present) once. */
function stylesheet(id: CompiledRulesetId, ref?: SheetRef): unknown {
  if (ref) return packStylesheet(id, ref);
  const have = loaded.get(id);
  if (have) return have;
  const entry = readManifest().rulesets[id];
  if (!entry) throw new RulesUnavailableError(`The rule set ${id} has not been compiled. ${init.advice}`);
  if (init.vendorDir) {
    const vendorDir = init.vendorDir;
    const changed = sourcesOf(rulesetById(id)).filter((rel) => {
      try {
        return sha256(readFileSync(join(vendorDir, rel))) !== entry.sources[rel];
      } catch {
        return true;
      }
    });
    if (changed.length)
      throw new RulesUnavailableError(`The compiled rule set ${id} is older than its sources (${changed.join(', ')}). ${init.advice}`);
  }
  let bytes: Buffer;
  try {
    bytes = readFileSync(join(init.rulesDir, entry.sef));
  } catch {
    throw new RulesUnavailableError(`The compiled rule set ${entry.sef} is missing from ${init.rulesDir}. ${init.advice}`);
  }
  if (sha256(bytes) !== entry.sefSha256)
    throw new RulesUnavailableError(`The compiled rule set ${entry.sef} is damaged (it does not match the manifest). ${init.advice}`);
  const sef = JSON.parse(bytes.toString('utf8')) as unknown;
  loaded.set(id, sef);
  return sef;
}

async function readInput(job: ValidateJob): Promise<Uint8Array> {
  if (job.bytes) return job.bytes;
  let fh: Awaited<ReturnType<typeof open>>;
  try {
    fh = await open(job.path as string, 'r');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'there is no such file' : code === 'EISDIR' ? 'it is a folder' : (e as Error).message;
    throw new UnreadableFileError(`The file could not be opened: ${why}.`);
  }
  try {
    // The size first: a file over the limit is refused without reading it.
    const { size } = await fh.stat();
    const big = tooLarge(size, init.maxBytes);
    if (big) throw new TooLargeToCheckError(big);
    return await fh.readFile();
  } finally {
    await fh.close();
  }
}

const NO_BUSINESS_RULES: ValidationNote = {
  code: 'no-business-rules',
  text: 'Finvoice has no official machine-readable business rules: its well-formedness and structure were checked, its sums and VAT were not.',
};

/** What a `rest` part answers for a file whose only work is the first part's. */
const nothingMore = (job: ValidateJob, id: Identity): Omit<WorkerReport, 'heapBytes'> => ({
  id: job.id,
  ok: true,
  syntax: id.syntax,
  customizationId: id.customizationId,
  rulesets: [],
  findings: [],
  notes: [],
});

/** Tells the validator a phase begins (progress.ts): posted at once, as SaxonJS holds this thread until it ends. */
function step(job: ValidateJob, phase: CheckPhase, phases: CheckPhase[], bytes: number): void {
  const s: WorkerStep = { id: job.id, step: phase, phases, bytes };
  parentPort?.postMessage(s);
}

/** The rule sets this worker runs of a file, in order. */
function rulesetsOf(job: ValidateJob, id: Identity): CompiledRulesetId[] {
  const all = rulesetsFor(id, job.profile);
  const part = job.part === 'first' ? all.slice(0, 1) : job.part === 'rest' ? all.slice(1) : all;
  return job.only ? part.filter((r) => job.only?.includes(r)) : part;
}

async function run(job: ValidateJob): Promise<Omit<WorkerReport, 'heapBytes'>> {
  const bytes = await readInput(job);
  // The input guards and the parse are one phase: on a large file both take seconds.
  step(job, 'parse', ['parse'], bytes.length);
  const text = readableXml(bytes, init.maxBytes);
  const id = identify(text);
  if (job.part === 'rest' && (id.syntax === 'finvoice' || id.syntax === 'other')) return nothingMore(job, id);
  const plan: CheckPhase[] = [
    'parse',
    ...(id.syntax === 'finvoice' ? ['FINVOICE-STRUCTURE' as const] : id.syntax === 'other' ? [] : rulesetsOf(job, id)),
  ];
  step(job, 'parse', plan, bytes.length);
  const rulesets: RulesetRun[] = [];
  const raw: Omit<WorkerFinding, 'location' | 'line'>[] = [];
  const notes: ValidationNote[] = [];
  if (id.syntax === 'finvoice') {
    step(job, 'FINVOICE-STRUCTURE', plan, bytes.length);
    const t0 = performance.now();
    for (const f of checkFinvoiceStructure(text))
      raw.push({ id: f.id, flag: f.flag, ruleset: 'FINVOICE-STRUCTURE', xpath: f.location, text: f.text });
    rulesets.push({
      id: 'FINVOICE-STRUCTURE',
      title: 'Finvoice well-formedness and structure',
      version: '3.0',
      businessRules: false,
      ms: performance.now() - t0,
    });
    notes.push(NO_BUSINESS_RULES);
  } else if (id.syntax === 'other') {
    const wrapped = id.root.local === 'StandardBusinessDocument';
    notes.push(
      wrapped
        ? { code: 'wrapper', text: 'The file is a Peppol envelope (StandardBusinessDocument); validate the invoice inside it.' }
        : {
            code: 'not-an-invoice',
            text: `The document element is ${id.root.local}${id.root.ns ? ` (${id.root.ns})` : ''}: not a UBL Invoice or CreditNote, a CII invoice or a Finvoice, so no invoice rules apply.`,
          },
    );
  } else {
    const ids = rulesetsOf(job, id);
    if (ids.length === 0) return nothingMore(job, id);
    // Load every stylesheet needed before parsing, so a missing one fails fast.
    const sheets = ids.map((r) => [r, stylesheet(r, job.sheets?.[r])] as const);
    const doc = SaxonJS.XPath.evaluate('parse-xml($xml)', null, { params: { xml: text } }) as { _saxonImmutable?: boolean };
    // Nothing changes the parsed invoice, so the patched SaxonJS may answer //name and child::name of it
    // from an index of its elements (patches/saxon-js+2.7.0.patch, sef-optimize.ts).
    doc._saxonImmutable = true;
    for (const [r, sef] of sheets) {
      step(job, r, plan, bytes.length);
      const t0 = performance.now();
      let svrl: string | null = null;
      try {
        svrl = String(SaxonJS.transform({ stylesheetInternal: sef, sourceNode: doc, destination: 'serialized' }, 'sync').principalResult);
      } catch (e) {
        // A rule met a value it cannot read (a cast of "12,50" to a decimal, say) and the run stopped:
        // the rules that come after it were not checked, so the file cannot pass.
        const message = ((e as Error).message ?? String(e)).replace(/\s+/g, ' ').slice(0, 300);
        // SaxonJS names the value it could not read ('Supplied value "12,50" is not a valid xs:decimal').
        const value = /"([^"<>]{1,200})"/.exec(message)?.[1];
        const at = value ? pathOfValue(text, value) : null;
        raw.push({
          id: 'RULES-STOPPED',
          flag: 'fatal',
          ruleset: r,
          xpath: at ?? '/',
          text: `The rules could not be run to the end: ${message}.`,
        });
      }
      if (svrl !== null) for (const f of parseSvrl(svrl)) raw.push({ id: f.id, flag: f.flag, ruleset: r, xpath: f.location, text: f.text });
      const meta = job.sheets?.[r] ?? rulesetById(r);
      rulesets.push({ id: r, title: meta.title, version: meta.version, businessRules: true, ms: performance.now() - t0 });
    }
  }
  const where = locate(
    text,
    raw.map((f) => f.xpath),
  );
  const findings = raw.map((f): WorkerFinding => {
    const at = where.get(f.xpath);
    return { ...f, location: at?.path ?? f.xpath, ...(at?.line === undefined ? {} : { line: at.line }) };
  });
  return { id: job.id, ok: true, syntax: id.syntax, customizationId: id.customizationId, rulesets, findings, notes };
}

const port = parentPort;
if (!port) throw new Error('validate/worker.ts runs as a worker thread');
// One file at a time, in the order they came: SaxonJS runs synchronously anyway.
let chain: Promise<void> = Promise.resolve();
port.on('message', (job: ValidateJob) => {
  chain = chain.then(async () => {
    let answer: WorkerAnswer;
    try {
      answer = { ...(await run(job)), heapBytes: getHeapStatistics().used_heap_size };
    } catch (e) {
      const kind =
        e instanceof TooLargeToCheckError
          ? 'size'
          : e instanceof UnreadableFileError
            ? 'unreadable'
            : e instanceof RulesUnavailableError
              ? 'rules'
              : 'internal';
      answer = { id: job.id, ok: false, kind, message: (e as Error).message, heapBytes: getHeapStatistics().used_heap_size };
    }
    port.postMessage(answer);
  });
});
