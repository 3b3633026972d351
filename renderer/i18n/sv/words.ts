// Swedish: words and files (issue 37, items 7 and 8): the bank messages' types, a failure's details
// and "Show in folder" on both transports.
export const words = {
  // The spec's message types (SI, RI, RP) and the action a Finvoice notification carries.
  bankType: {
    RI: 'Mottagaravi',
    SI: 'Avsändaravi',
    RP: 'Mottagarförslag',
    action: { ADD: 'e-faktura beställd', CHANGE: 'uppgifter ändrade', DEL: 'e-faktura avslutad' },
  },
  failure: {
    details: 'Detaljer',
    reasons: {
      token_missing: 'Appen skickade ingen inloggning med begäran.',
      token_invalid: 'Tjänsten godtog inte inloggningen: appen loggar in igen.',
      token_expired: 'Inloggningen hade gått ut: appen loggar in igen.',
      company_unverified: 'Företaget är inte verifierat än: slutför företagets verifiering hos tjänsten först.',
      insufficient_scope:
        'API-nyckeln ger inte åtkomst till detta: be tjänsten lägga till behörigheten, eller använd en nyckel som har den.',
    },
  },
  reveal: {
    show: 'Visa i mapp',
    showRoot: 'Visa mappen för {{name}}',
    rootLabel: 'Kontots mapp',
    showNote: 'Visa anteckningen',
    shown: 'Visas i filhanteraren på datorn där appen körs.',
    copied: 'Datorn kan inte öppna en filhanterare här, så sökvägen kopierades:',
    notCopied: 'Datorn kan inte öppna en filhanterare här. Sökvägen:',
    outboxAt: 'Fakturor som ska skickas läggs i den här mappen:',
  },
};
