/**
 * Where updates come from and who must have signed them, fixed when the app is built. Nothing a local
 * process can write (the settings file, the environment, app-update.yml beside the app) changes them:
 * updates are code, and a user-writable file would let any program the user runs choose that code.
 * electron-builder.yml's publish url and win.signtoolOptions.publisherName say the same (a unit test
 * keeps them equal), so the installers and latest.yml are written for this feed and this publisher.
 */
export const UPDATE_FEED = 'https://updates.example.invalid/einvoice-sync';

/** The subject (CN) of the Windows code-signing certificate; an update signed by anyone else is refused. */
export const UPDATE_PUBLISHERS: readonly string[] = ['E-Invoice Sync'];
