import { createHash } from 'node:crypto';
import { defaultValidator, ValidationCancelledError, validateFile } from '../validate';
import { validateWithPacks } from '../validate/packs-check';
import type { SyncContext } from './context';
import { absolute } from './layout';
import type { ScannedFile } from './scan';
import { openListed } from './spool';
import { packsNow, validationModeOf } from './validate-outbound';

/**
 * Intake takes files one at a time (the spool copy, the duplicate check and the row must not
 * interleave), and validating an invoice costs far more CPU than copying it. So the files a pass is
 * about to take in are validated ahead, on the validator's worker pool, and each report is stored by
 * the hash of the bytes validated, as intake stores its own: when intake reaches the file and finds the
 * same bytes in its copy, the stored report answers and nothing is validated twice; when the file
 * changed in between, its hash differs and intake validates its own copy as before. Nothing here writes
 * a row or touches the spool, so crash safety and exactly-once sending are intake's alone, unchanged.
 */

/** Larger files are left to intake, which validates its own copy: the bytes held ahead stay bounded. */
export const MAX_AHEAD_BYTES = 8 * 1024 * 1024;

export interface ValidateAhead {
  /** Starts validating file `i` and the next few, then waits until file `i`'s report is stored (or could not be made). */
  before(i: number): Promise<void>;
}

/**
 * Validation ahead of intake over `files`, in the order intake takes them: at most `width` files beyond
 * the one intake waits for (by default the validator's pool size, so the workers stay busy while intake
 * copies). Once `signal` is aborted, nothing new is started and nothing more is stored.
 */
export function validateAhead(ctx: SyncContext, files: readonly ScannedFile[], signal?: AbortSignal, width?: number): ValidateAhead {
  const wanted = files.map((f) => wantsAhead(ctx, f));
  // A pass with nothing to validate (validation off) never makes the validator nor starts its workers.
  const none = !wanted.includes(true);
  const started = new Map<number, Promise<void>>();
  /** The same bytes twice in one drop are validated once. */
  const bySha = new Map<string, Promise<void>>();
  return {
    async before(i) {
      if (none) return;
      width ??= defaultValidator().poolSize;
      for (let k = i; k <= i + width && k < files.length && !signal?.aborted; k++) {
        const file = files[k];
        if (started.has(k) || !file || !wanted[k]) continue;
        started.set(
          k,
          prevalidate(ctx, file, bySha, signal).catch((e: unknown) => {
            // Intake validates the file itself and says what went wrong, where the user sees it.
            ctx.log.debug('validation ahead of intake failed', { file: file.relPath, error: (e as Error).message });
          }),
        );
      }
      await started.get(i);
      started.delete(i);
    },
  };
}

/** Whether the folder's mode asks for the local check of this file, and it is small enough to hold ahead. */
function wantsAhead(ctx: SyncContext, file: ScannedFile): boolean {
  if (file.kind !== 'invoice' && file.kind !== 'document') return false;
  // New modes (a remote check, say) are intake's to run: only the local check is done ahead.
  const mode = validationModeOf(file.kind, ctx.store.folderOptions.get(ctx.account.id, file.folder) ?? {});
  return (mode === 'block' || mode === 'warn') && file.size <= MAX_AHEAD_BYTES;
}

async function prevalidate(ctx: SyncContext, file: ScannedFile, bySha: Map<string, Promise<void>>, signal?: AbortSignal): Promise<void> {
  const bytes = await readListed(absolute(ctx.account.root, file.relPath), file);
  // The zip form is validated by the invoice inside it, which intake takes out of its own copy.
  if (!bytes || bytes.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1'))) return;
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  // The packs of the day, as intake's check will ask for them: its report is this one when the day is the same.
  const { packs, day, key } = packsNow(ctx);
  if (ctx.store.validationReports.get(sha256, key)) return;
  let pending = bySha.get(sha256);
  if (!pending) {
    // Shown in the Outbox while it runs, with its Cancel: a cancelled check is intake's to answer (check-board.ts).
    const run = ctx.checks?.begin(ctx.account.id, file.relPath, { sha256 });
    pending = validateWithPacks(validateFile, bytes, {
      name: file.name,
      packs,
      day,
      ...(run ? { signal: run.signal, onProgress: run.onProgress } : {}),
    })
      .then(
        (report) => {
          // The rules loaded: files that waited for them may go (intake finds this report and validates no more).
          ctx.faults.clear('rules');
          if (!signal?.aborted) ctx.store.validationReports.put(sha256, key, report);
        },
        (e: unknown) => {
          if (!(e instanceof ValidationCancelledError)) throw e;
        },
      )
      .finally(() => run?.end());
    bySha.set(sha256, pending);
  }
  await pending;
}

/** The listed file's bytes, read as intake reads it (no link followed, the very file listed), or null. */
async function readListed(path: string, file: ScannedFile): Promise<Buffer | null> {
  const fh = await openListed(path, { dev: file.dev, ino: file.ino }).catch(() => null);
  if (!fh) return null;
  try {
    const bytes = await fh.readFile();
    return bytes.length <= MAX_AHEAD_BYTES ? bytes : null;
  } finally {
    await fh.close();
  }
}
