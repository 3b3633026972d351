import { Worker } from 'node:worker_threads';
import type { ValidationReport } from '../../../shared/validation/report';
import { workerEntry } from '../worker-entry';
import { unreadable } from './reports';
import { ZIP_REFUSED } from './zip-limits';
import type { ZipAnswer } from './zip-worker';

/**
 * The worker's heap: listing a zip of MAX_ZIP_ENTRIES names needs a few MB. The unpacked XML is a
 * Buffer outside the heap, bounded by the entry's declared size (zip-limits.ts) instead.
 */
const WORKER_HEAP_MB = 64;
/** A zip that takes longer is refused and its worker stopped (an honest one takes well under a second). */
const ZIP_TIMEOUT_MS = 30_000;

export type InvoiceBytes = { bytes: Uint8Array; refused: null } | { bytes: null; refused: string };

export const isZip = (b: Uint8Array) => b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/**
 * The invoice XML of a file: the file itself, or the largest XML inside the zip form (an invoice with
 * its image and attachments). Every path that reads a zip form comes here: the hot folder's check
 * before sending, the remote validation of the same file, the Validate page and the outbox's report.
 * The zip is read and unpacked in a worker thread within the bounds of zip-limits.ts; one beyond them
 * is `refused` with the reason in plain words. A zip with no XML, or one that cannot be read, is
 * answered as it is, and validation says it is a zip.
 */
export async function invoiceBytesOf(file: Uint8Array, timeoutMs = ZIP_TIMEOUT_MS): Promise<InvoiceBytes> {
  if (!isZip(file)) return { bytes: file, refused: null };
  const answer = await unzipInWorker(file, timeoutMs);
  if (answer.kind === 'xml') return { bytes: answer.xml, refused: null };
  if (answer.kind === 'refused') return { bytes: null, refused: answer.problem };
  return { bytes: file, refused: null };
}

/** The report of a zip refused by its bounds: unreadable, with the reason, and no rule run. */
export function refusedZipReport(name: string, problem: string): ValidationReport {
  return unreadable({ file: name, started: performance.now() }, problem);
}

/**
 * Whether a report is such a refusal: a zip bomb is held back even from a folder set to `warn`, which
 * sends what it cannot read (a user's choice for invoices, not for a file that would do the same to
 * the service and to its recipient).
 */
export const isRefusedZip = (r: ValidationReport) => r.status === 'unreadable' && (r.problem ?? '').startsWith(ZIP_REFUSED);

function unzipInWorker(zip: Uint8Array, timeoutMs: number): Promise<ZipAnswer> {
  const entry = workerEntry(import.meta.url, './zip-worker.js', './zip-worker.ts');
  return new Promise((resolve) => {
    const worker = new Worker(entry.source, {
      eval: entry.eval,
      execArgv: [],
      workerData: zip,
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB, maxYoungGenerationSizeMb: 16 },
    });
    let done = false;
    const finish = (a: ZipAnswer) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(a);
    };
    const timer = setTimeout(
      () => finish({ kind: 'refused', problem: `${ZIP_REFUSED}unpacking it took longer than ${timeoutMs / 1000} s.` }),
      timeoutMs,
    );
    worker.on('message', (a: ZipAnswer) => finish(a));
    worker.on('error', (e) =>
      finish(
        (e as NodeJS.ErrnoException).code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? { kind: 'refused', problem: `${ZIP_REFUSED}unpacking it needed more memory than any invoice does.` }
          : { kind: 'unreadable' },
      ),
    );
    worker.on('exit', () => finish({ kind: 'unreadable' }));
  });
}
