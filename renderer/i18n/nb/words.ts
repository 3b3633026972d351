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
  failure: {
    details: 'Detaljer',
    reasons: {
      token_missing: 'Appen sendte ingen innlogging med forespørselen.',
      token_invalid: 'Tjenesten godtok ikke innloggingen: appen logger inn på nytt.',
      token_expired: 'Innloggingen var utløpt: appen logger inn på nytt.',
      company_unverified: 'Selskapet er ikke verifisert ennå: fullfør selskapets verifisering hos tjenesten først.',
      insufficient_scope: 'API-nøkkelen gir ikke tilgang til dette: be tjenesten legge til tillatelsen, eller bruk en nøkkel som har den.',
    },
  },
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
