// Norwegian: words and files (issue 37, items 7 and 8): the bank messages' types, a failure's details
// and "Show in folder" on both transports.
export const words = {
  // The spec's message types (SI, RI, RP) and the action a Finvoice notification carries.
  bankType: {
    RI: 'Mottakervarsel',
    SI: 'Avsendervarsel',
    RP: 'Mottakerforslag',
    action: { ADD: 'e-faktura bestilt', CHANGE: 'opplysninger endret', DEL: 'e-faktura avsluttet' },
  },
  failure: { details: 'Detaljer' },
  reveal: {
    show: 'Vis i mappe',
    showRoot: 'Vis mappen til {{name}}',
    rootLabel: 'Kontoens mappe',
    showNote: 'Vis merknaden',
    shown: 'Vist i filbehandleren på maskinen appen kjører på.',
    copied: 'Maskinen kan ikke åpne en filbehandler her, så stien ble kopiert:',
    notCopied: 'Maskinen kan ikke åpne en filbehandler her. Stien:',
    outboxAt: 'Fakturaer som skal sendes, legges i denne mappen:',
  },
};
