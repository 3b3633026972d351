// The shell's two IPC channels. preload/channels.ts holds the same strings (the preload may import
// only shared/); test/unit/electron/preload.test.ts keeps the two copies equal.
export const INVOKE_CHANNEL = 'einvoice:invoke';
export const EVENT_CHANNEL = 'einvoice:event';
