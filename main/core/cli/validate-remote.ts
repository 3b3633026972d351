import { readFile, stat } from 'node:fs/promises';
import { basename } from 'node:path';
import type { ValidationReport } from '../../../shared/validation/report';
import { type RemoteProfile, unreadableOf } from '../api/validator';
import { MAX_VALIDATE_BYTES } from '../validate';
import { accountFor } from './company';
import { type GlobalOptions, openCli } from './context';

export interface RemoteRun {
  reports: ValidationReport[];
  /** Set when the service's validator could not be asked (down, no `validate` scope, an answer that is no report). */
  failure: string | null;
}

async function bytesOf(file: string): Promise<Uint8Array | string> {
  try {
    const s = await stat(file);
    if (!s.isFile()) return 'It is not a file.';
    if (s.size > MAX_VALIDATE_BYTES) return `It is larger than the ${MAX_VALIDATE_BYTES / 1024 / 1024} MB a file may have.`;
    return await readFile(file);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? 'There is no such file.' : `It could not be read (${code ?? (e as Error).message}).`;
  }
}

/**
 * `validate --remote`: each file is sent, one at a time, to the service's validator host of the named
 * account (or the only one), with that account's keys. Stops at the first call that fails: the next
 * would fail the same way, and the user is told why.
 */
export async function validateRemotely(
  files: readonly string[],
  o: { account?: string; profile: RemoteProfile },
  g: GlobalOptions,
): Promise<RemoteRun> {
  const cli = await openCli(g);
  const reports: ValidationReport[] = [];
  try {
    const api = await cli.engine.api(accountFor(cli, o.account).id);
    for (const file of files) {
      const data = await bytesOf(file);
      if (typeof data === 'string') {
        // Answered here, in the report's own words, without asking anyone.
        reports.push(unreadableOf(file, data, 0));
        continue;
      }
      try {
        const r = await api.validator.validate({ name: basename(file), data }, { profile: o.profile });
        reports.push({ ...r, file });
      } catch (e) {
        return { reports, failure: `The service's validator could not be asked about ${file}: ${(e as Error).message}` };
      }
    }
    return { reports, failure: null };
  } finally {
    await cli.close();
  }
}
