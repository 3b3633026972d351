// Norwegian: a check's progress, its Cancel, and a file the app could not check (issue 41, item 2).
export const checkProgress = {
  checking: {
    title: 'Kontrolleres nå',
    phase: {
      read: 'venter på kontroll',
      parse: 'filen leses',
      en16931: 'EN 16931-reglene',
      peppol: 'Peppol-reglene',
    },
    progress: 'Kontrollerer {{file}}: {{phase}}, {{percent}} %',
    cancel: 'Avbryt',
    cancelOf: 'Avbryt kontrollen av {{file}}',
    cancelled: 'Kontrollen av {{file}} ble avbrutt.',
    sendAnyway: 'Send likevel',
    sendAnywayOf: 'Send {{file}} likevel, ukontrollert',
    badge: {
      size: 'Ikke kontrollert: for stor',
      time: 'Ikke kontrollert: for stor',
      memory: 'Ikke kontrollert: for stor',
      cancelled: 'Ikke kontrollert: avbrutt',
    },
    why: {
      size: 'den er for stor til å kontrolleres her',
      time: 'den er for stor til å kontrolleres her (kontrollen gikk tom for tid)',
      memory: 'den er for stor til å kontrolleres her (kontrollen gikk tom for minne)',
      cancelled: 'kontrollen av den ble avbrutt',
    },
    notChecked:
      'Appen kunne ikke kontrollere filen på denne datamaskinen, fordi {{why}}. Det betyr ikke at filen er feil; den ble bare ikke kontrollert.',
    held: 'Holdt tilbake: filen kunne ikke kontrolleres, fordi {{why}}. Mappen kontrollerer filer før de sendes, så den ble ikke sendt: send den likevel, eller ta den ut av Utboks-mappen.',
    sent: 'Sendt uten kontroll mot de offisielle reglene: den kunne ikke kontrolleres, fordi {{why}}.',
  },
};
