import type { AssignmentCreateBody, CollectionAgency } from '../../../shared/schemas/receivables';
import { markCollectionSeen, refreshCollection, refreshOne, sendToCollection } from './collection';
import type { SyncContext } from './context';
import { enqueueCollectionTracking } from './jobs/collection-queue';

/** What the engine offers of collection for one account (not its runner's context: the bridge reads the store); `kick` wakes its runner to follow new work. */
export function collectionOps(ctx: SyncContext, kick: () => void) {
  return {
    async send(invoiceId: string, body: AssignmentCreateBody, agency: CollectionAgency = 'first-active', signal?: AbortSignal) {
      const state = await sendToCollection(ctx, invoiceId, body, signal, agency);
      enqueueCollectionTracking(ctx, true);
      kick();
      return state;
    },
    refresh: (invoiceId: string, signal?: AbortSignal) => refreshOne(ctx, invoiceId, signal),
    refreshAll: (signal?: AbortSignal) => refreshCollection(ctx, signal),
    markSeen: (invoiceId: string, signal?: AbortSignal) => markCollectionSeen(ctx, invoiceId, signal),
  };
}

export type CollectionOps = ReturnType<typeof collectionOps>;
