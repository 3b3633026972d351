// English: words and files (issue 37, items 7 and 8): the bank messages' types, a failure's details
// and "Show in folder" on both transports.
export const words = {
  // The spec's message types (SI, RI, RP) and the action a Finvoice notification carries.
  bankType: {
    RI: 'Receiver notification',
    SI: 'Sender notification',
    RP: 'Receiver proposal',
    action: { ADD: 'e-invoices ordered', CHANGE: 'details changed', DEL: 'e-invoices ended' },
  },
  failure: {
    details: 'Details',
    reasons: {
      token_missing: 'The app sent no sign-in with the request.',
      token_invalid: 'The service did not accept the sign-in: the app signs in again.',
      token_expired: 'The sign-in had expired: the app signs in again.',
      company_unverified: 'The company is not verified yet: complete company authorization with the service first.',
      insufficient_scope: 'The API key does not give access to this: ask the service to add the permission, or use a key that has it.',
    },
  },
  reveal: {
    show: 'Show in folder',
    showRoot: "Show {{name}}'s folder",
    rootLabel: 'The folder of the account',
    showNote: 'Show the note',
    shown: 'Shown in the file manager of the computer the app runs on.',
    copied: 'The computer the app runs on cannot show it in a file manager, so its path is copied:',
    notCopied: 'The computer the app runs on cannot show it in a file manager. Its path:',
    outboxAt: 'Invoices to send go into this folder:',
  },
};
