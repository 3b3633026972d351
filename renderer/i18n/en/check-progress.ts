// English: a check's progress, its Cancel, and a file the app could not check (issue 41, item 2).
export const checkProgress = {
  checking: {
    title: 'Checking now',
    phase: {
      read: 'waiting to be checked',
      parse: 'reading the file',
      en16931: 'EN 16931 rules',
      peppol: 'Peppol rules',
    },
    progress: 'Checking {{file}}: {{phase}}, {{percent}} %',
    cancel: 'Cancel',
    cancelOf: 'Cancel the check of {{file}}',
    cancelled: 'The check of {{file}} was cancelled.',
    sendAnyway: 'Send anyway',
    sendAnywayOf: 'Send {{file}} anyway, unchecked',
    badge: {
      size: 'Not checked: too large',
      time: 'Not checked: too large',
      memory: 'Not checked: too large',
      cancelled: 'Not checked: cancelled',
    },
    why: {
      size: 'it is too large to check here',
      time: 'it is too large to check here (the check ran out of time)',
      memory: 'it is too large to check here (the check ran out of memory)',
      cancelled: 'its check was cancelled',
    },
    notChecked: 'The app could not check this file on this computer: {{why}}. That does not make it wrong; it was simply not checked.',
    held: 'Held: this file could not be checked: {{why}}. Its folder checks files before sending, so it was not sent: send it anyway, or take it out of the Outbox folder.',
    sent: 'Sent without the check of the official rules; it could not be checked: {{why}}.',
  },
};
