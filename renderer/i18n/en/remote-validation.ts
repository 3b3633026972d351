// English: the account's remote validation option (issue 11): whether hot folders also ask the service's validator.
export const remoteValidation = {
  remoteValidation: {
    label: 'Check with the service’s validator',
    hint: 'Before a file in the Outbox is sent, the app checks it against the official rules on this computer. The service’s validator can check it too: the file is then sent to the service once more, only to be checked. If the validator cannot be reached, the check on this computer decides and the file is still sent.',
    byService: 'Checked by the service’s validator, not on this computer.',
    modes: {
      off: 'Never (only on this computer)',
      uncovered: 'For formats the rules on this computer do not cover (Finvoice, unknown formats)',
      always: 'Always, besides the check on this computer',
    },
  },
};
