/**
 * The header that carries the embedded sandbox's key: random at every start of that stand-in service,
 * sent by the app with every request to it (main/core/api/header-transport.ts), wanted by it on every
 * request (sandbox/server.ts, `appKey`). Kept in the sandbox's data folder, `app-key`, 0600, for
 * the app's own tests and tools run by the same user.
 */
export const SANDBOX_KEY_HEADER = 'x-einvoice-sandbox-key';
export const SANDBOX_KEY_FILE = 'app-key';
