// Swedish: a check's progress, its Cancel, and a file the app could not check (issue 41, item 2).
export const checkProgress = {
  checking: {
    title: 'Kontrolleras nu',
    phase: {
      read: 'väntar på kontroll',
      parse: 'filen läses',
      en16931: 'EN 16931-reglerna',
      peppol: 'Peppol-reglerna',
    },
    progress: 'Kontrollerar {{file}}: {{phase}}, {{percent}} %',
    cancel: 'Avbryt',
    cancelOf: 'Avbryt kontrollen av {{file}}',
    cancelled: 'Kontrollen av {{file}} avbröts.',
    sendAnyway: 'Skicka ändå',
    sendAnywayOf: 'Skicka {{file}} ändå, okontrollerad',
    badge: {
      size: 'Ej kontrollerad: för stor',
      time: 'Ej kontrollerad: för stor',
      memory: 'Ej kontrollerad: för stor',
      cancelled: 'Ej kontrollerad: avbruten',
    },
    why: {
      size: 'den är för stor för att kontrolleras här',
      time: 'den är för stor för att kontrolleras här (kontrollens tid tog slut)',
      memory: 'den är för stor för att kontrolleras här (kontrollens minne tog slut)',
      cancelled: 'dess kontroll avbröts',
    },
    notChecked:
      'Appen kunde inte kontrollera filen på den här datorn, eftersom {{why}}. Det betyder inte att filen är felaktig; den kontrollerades bara inte.',
    held: 'Hålls kvar: filen kunde inte kontrolleras, eftersom {{why}}. Dess mapp kontrollerar filer innan de skickas, så den skickades inte: skicka den ändå, eller ta bort den ur Utkorgen.',
    sent: 'Skickad utan kontroll mot de officiella reglerna: den kunde inte kontrolleras, eftersom {{why}}.',
  },
};
