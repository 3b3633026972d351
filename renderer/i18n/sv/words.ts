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
  failure: { details: 'Detaljer' },
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
