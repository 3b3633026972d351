import { resolve } from 'node:path';
import type { AccountStatusView } from '../../../../shared/bridge/views';
import { ACTIVE_OUTBOX_STATES, type OutboxJob, type OutboxState } from '../../store/outbox';
import { ERROR_NOTE_SUFFIX } from '../../sync/error-note';
import { invalid } from '../errors';
import type { BridgeDeps, Handlers } from '../types';
import { accountView, activityView, outboxView } from '../views';
import { accountOf } from './common';

type Names =
  | 'sync.status'
  | 'sync.now'
  | 'activity.list'
  | 'downloads.givenUp'
  | 'downloads.fetchAgain'
  | 'outbox.list'
  | 'outbox.force'
  | 'outbox.retry'
  | 'outbox.pending'
  | 'doctor.run';

/** Rows still to act on: in flight, held back, failed. */
const OPEN_STATES: readonly OutboxState[] = [...ACTIVE_OUTBOX_STATES, 'failed'];
/** Sent rows shown besides the open ones: every one that needs a reroute, and this many of the newest. */
const RECENT_SENT = 100;

function outboxRows(d: BridgeDeps, accountId: string | null): OutboxJob[] {
  const { outbox } = d.engine.store;
  // Read as bounded lists (migration 16's indexes): an account's years of sent rows are never loaded.
  const rows = new Map<number, OutboxJob>();
  for (const j of [
    ...outbox.listByStates(accountId, OPEN_STATES),
    ...outbox.listRecentDone(accountId, RECENT_SENT),
    ...outbox.listNeedingReroute(accountId),
  ])
    rows.set(j.id, j);
  return [...rows.values()].sort((a, b) => b.id - a.id);
}

export function syncHandlers(d: BridgeDeps): Pick<Handlers, Names> {
  return {
    'sync.status': async () =>
      d.engine.status().map(
        (s): AccountStatusView => ({
          account: accountView(s.account),
          state: s.health.state,
          health: s.health,
          message: s.message,
          queued: s.queued,
          held: s.held,
          sending: s.sending,
          sent: s.sent,
          failed: s.failed,
          needsReroute: s.needsReroute,
          received: s.received,
          downloadsPending: s.downloadsPending,
          downloadsFailed: s.downloadsFailed,
          lastPoll: s.lastPoll,
          nextPoll: s.nextPoll,
          serviceWaitUntil: s.serviceWaitUntil,
        }),
      ),

    'sync.now': async (input) => {
      if (input.accountId) accountOf(d, input.accountId);
      const { blocked } = await d.engine.syncNowFromUser(input.accountId);
      return blocked ? { started: false as const, problem: blocked } : { started: true as const };
    },

    'activity.list': async (input) => {
      if (input.accountId) accountOf(d, input.accountId);
      return d.engine.store.activity.listLatest(input.limit, input.accountId).map(activityView);
    },

    'downloads.givenUp': async (input) => {
      accountOf(d, input.accountId);
      return d.engine.givenUpFiles(input.accountId).map((f) => ({ ...f, at: new Date(f.at).toISOString() }));
    },

    'downloads.fetchAgain': async (input) => {
      if (input.accountId) accountOf(d, input.accountId);
      const queued = d.engine.fetchAgain(input.accountId, input.file);
      if (input.file && queued === 0) throw invalid(`File ${input.file.jobId} was not given up`, { file: 'not given up' });
      return { queued };
    },

    /** Each settled file's place (Sent/ or Failed/) is granted, so the desktop can show it in its folder. */
    'outbox.list': async (input) => {
      if (input.accountId) accountOf(d, input.accountId);
      const roots = new Map(d.engine.store.accounts.list().map((a) => [a.id, a.root]));
      return outboxRows(d, input.accountId ?? null).map((j) => {
        const root = roots.get(j.accountId);
        const settled = (j.state === 'done' || j.state === 'failed') && j.destPath && root ? resolve(root, j.destPath) : null;
        if (settled) d.grants.grant(j.accountId, settled, { table: 'outbox', id: j.id });
        const note = settled && j.state === 'failed' ? `${settled}${ERROR_NOTE_SUFFIX}` : null;
        if (note) d.grants.grant(j.accountId, note, { table: 'outboxNote', id: j.id });
        // The verdict of this row's own check (by its hash and the rules it was checked with), not the newest of its hash.
        const rules = j.check?.rules;
        return {
          ...outboxView(j),
          path: settled,
          notePath: note,
          validation: rules ? d.engine.store.validationReports.summary(j.sha256, rules) : null,
        };
      });
    },

    'outbox.pending': async (input) => {
      accountOf(d, input.accountId);
      return d.engine.doctor.pending(input.accountId);
    },

    'doctor.run': async (input) => {
      accountOf(d, input.accountId);
      return d.engine.doctor.run(input.accountId);
    },

    'outbox.force': async (input) => {
      const { job, moved } = d.engine.forceSend(input.id);
      if (!job) throw invalid(`No outbox item ${input.id}`, { id: 'no such item' });
      if (!moved) throw invalid(`Outbox item ${input.id} is ${job.state}, not held back as a duplicate`, { id: `is ${job.state}` });
      return outboxView(job);
    },

    'outbox.retry': async (input) => {
      const { job, moved } = d.engine.retryUpload(input.id);
      if (!job) throw invalid(`No outbox item ${input.id}`, { id: 'no such item' });
      if (!moved) throw invalid(`Outbox item ${input.id} is ${job.state}, not waiting for you`, { id: `is ${job.state}` });
      return outboxView(job);
    },
  };
}
