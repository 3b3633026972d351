import { ARCHIVE_LIST_MAX } from '../../../../shared/bridge/archive';
import type { BridgeDeps, Handlers } from '../types';
import { accountOf } from './common';

type Names = 'archive.verify' | 'archive.export';

const first = (paths: readonly string[]) => paths.slice(0, ARCHIVE_LIST_MAX);

/** The sealed archive's check and export, through the engine (which enters what a crash left out before it checks). */
export function archiveHandlers(d: BridgeDeps): Pick<Handlers, Names> {
  return {
    'archive.verify': async (input) => {
      accountOf(d, input.accountId);
      const v = await d.engine.archive.verify(input.accountId);
      return {
        ok: v.ok,
        files: v.files,
        entries: v.entries,
        lastHash: v.head.hash,
        changed: first(v.changed),
        missing: first(v.missing),
        added: first(v.added),
        counts: { changed: v.changed.length, missing: v.missing.length, added: v.added.length, chain: v.chain.length },
        chain: v.chain.slice(0, ARCHIVE_LIST_MAX).map((p) => ({ line: p.line, what: p.what })),
      };
    },
    'archive.export': async (input) => {
      accountOf(d, input.accountId);
      const r = await d.engine.archive.export(input.accountId, input.from, input.to);
      return { path: r.path, files: r.files, bytes: r.bytes, lastHash: r.head.hash, missing: first(r.missing), changed: first(r.changed) };
    },
  };
}
