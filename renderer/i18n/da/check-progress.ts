// Danish: a check's progress, its Cancel, and a file the app could not check (issue 41, item 2).
export const checkProgress = {
  checking: {
    title: 'Kontrolleres nu',
    phase: {
      read: 'venter på kontrol',
      parse: 'filen læses',
      en16931: 'EN 16931-reglerne',
      peppol: 'Peppol-reglerne',
    },
    progress: 'Kontrollerer {{file}}: {{phase}}, {{percent}} %',
    cancel: 'Annullér',
    cancelOf: 'Annullér kontrollen af {{file}}',
    cancelled: 'Kontrollen af {{file}} blev annulleret.',
    sendAnyway: 'Send alligevel',
    sendAnywayOf: 'Send {{file}} alligevel, ukontrolleret',
    badge: {
      size: 'Ikke kontrolleret: for stor',
      time: 'Ikke kontrolleret: for stor',
      memory: 'Ikke kontrolleret: for stor',
      cancelled: 'Ikke kontrolleret: annulleret',
    },
    why: {
      size: 'den er for stor til at blive kontrolleret her',
      time: 'den er for stor til at blive kontrolleret her (kontrollen løb tør for tid)',
      memory: 'den er for stor til at blive kontrolleret her (kontrollen løb tør for hukommelse)',
      cancelled: 'kontrollen af den blev annulleret',
    },
    notChecked:
      'Appen kunne ikke kontrollere filen på denne computer, fordi {{why}}. Det betyder ikke, at filen er forkert; den blev bare ikke kontrolleret.',
    held: 'Tilbageholdt: filen kunne ikke kontrolleres, fordi {{why}}. Mappen kontrollerer filer, før de sendes, så den blev ikke sendt: send den alligevel, eller tag den ud af Udbakke-mappen.',
    sent: 'Sendt uden kontrol mod de officielle regler: den kunne ikke kontrolleres, fordi {{why}}.',
  },
};
