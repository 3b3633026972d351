import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { VALIDATE_CHUNK_BYTES } from '../../../../shared/bridge/validation';
import type { OutboxJob } from '../../store/outbox';
import { Spool } from '../../sync/spool';
import { RulesUnavailableError, ValidationCancelledError, validateFile } from '../../validate';
import { allPacks, packsDirOf } from '../../validate/pack-store';
import { dayOf } from '../../validate/packs';
import { validateWithPacks } from '../../validate/packs-check';
import { invoiceBytesOf, refusedZipReport } from '../../validate/zip-form';
import { cancelled, invalid, rulesUnavailable } from '../errors';
import type { BridgeDeps, Handlers } from '../types';
import { ValidationUploads } from '../validation-uploads';
import { validationView } from '../validation-view';
import { accountOf } from './common';

type Names = 'validate.start' | 'validate.chunk' | 'validate.finish' | 'validate.outboxReport' | 'validate.cancel' | 'validate.checks';

/** Where an outbox row's bytes are now: the app's own copy while it is queued, Sent/ or Failed/ once settled. */
function outboxFile(d: BridgeDeps, job: OutboxJob): string | null {
  const root = d.engine.store.accounts.get(job.accountId)?.root;
  if ((job.state === 'done' || job.state === 'failed') && job.destPath && root) return resolve(root, job.destPath);
  if (job.state === 'vanished') return null;
  // The spool's place, as the account runner makes it (sync/account-runner.ts).
  return new Spool(join(d.dataDir, 'spool', job.accountId)).path(job.idemKey);
}

export function validateHandlers(d: BridgeDeps): Pick<Handlers, Names> {
  const uploads = new ValidationUploads(d.now);
  return {
    'validate.start': async (input) => ({ uploadId: uploads.start(input.name, input.size), chunkBytes: VALIDATE_CHUNK_BYTES }),

    'validate.chunk': async (input) => ({ received: uploads.chunk(input.uploadId, input.offset, input.base64) }),

    'validate.finish': async (input) => {
      const { name, bytes } = uploads.finish(input.uploadId);
      // A zip form is checked by the invoice inside it, as the hot folder checks it; a bomb is refused unopened.
      const invoice = await invoiceBytesOf(bytes);
      if (!invoice.bytes) return validationView(refusedZipReport(name, invoice.refused), null, invoice.refused);
      // Its progress is pushed as validate.progress under the upload's id, which validate.cancel takes.
      const run = d.engine.checks.begin(null, name, { id: input.uploadId });
      try {
        // As the outbox would check it if it were sent today (the engine's clock): the packs in force, and the next.
        const report = await validateWithPacks(validateFile, invoice.bytes, {
          name,
          packs: allPacks(packsDirOf(d.dataDir)),
          day: dayOf(d.now()),
          signal: run.signal,
          onProgress: run.onProgress,
        });
        return validationView(report, invoice.bytes, '');
      } catch (e) {
        // The rules are this computer's, not the service's: said so, with what to do (validator.ts rulesAdvice).
        if (e instanceof RulesUnavailableError) throw rulesUnavailable(`${name} cannot be checked on this computer: ${e.message}`);
        if (e instanceof ValidationCancelledError) throw cancelled(`The check of ${name} was cancelled.`);
        throw e;
      } finally {
        run.end();
      }
    },

    'validate.cancel': async (input) => ({ cancelled: d.engine.checks.cancel(input.id) }),

    'validate.checks': async (input) => {
      accountOf(d, input.accountId);
      return d.engine.checks.list(input.accountId);
    },

    'validate.outboxReport': async (input) => {
      const job = d.engine.store.outbox.get(input.id);
      if (!job) throw invalid(`No outbox item ${input.id}`, { id: 'no such item' });
      // The report of this row's own check: the same bytes checked for another file, or later, are not its.
      const rules = job.check?.rules;
      const report = rules ? d.engine.store.validationReports.get(job.sha256, rules) : null;
      if (!report) {
        throw invalid(
          `${job.filename} has no validation report: it was not checked before it was queued (the folder's checking is off or could not be made, or it is not an invoice).`,
          { id: 'not validated' },
        );
      }
      const path = outboxFile(d, job);
      const bytes = path ? await readFile(path).catch(() => null) : null;
      const invoice = bytes ? await invoiceBytesOf(bytes) : null;
      // Stored by content, a report names the file it was first made for: this row's is this file.
      return validationView(
        { ...report, file: job.filename },
        invoice?.bytes ?? null,
        invoice?.refused ?? `${job.filename} is no longer where the app left it, so it cannot be shown beside its report.`,
      );
    },
  };
}
