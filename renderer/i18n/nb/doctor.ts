// Norsk bokmål: the sync doctor's findings about an account's folder, and the Outbox files not queued yet (issue 42, item 5).
export const doctor = {
  doctor: {
    title: 'Synkroniseringskontroll',
    lead: 'Hva mappens plassering og innhold betyr for synkroniseringen: kontrolleres når mappen velges, og når du ber om det.',
    run: 'Kontroller mappen',
    running: 'Kontrollerer…',
    none: 'Fant ingenting som hindrer synkroniseringen.',
    checkedAt: 'Kontrollert {{when}}.',
    truncated: 'Bare de første {{count}} oppføringene ble kontrollert.',
    finding: {
      'cloud-folder':
        'Mappen ligger i {{provider}} ({{path}}). Filer som {{provider}} bare har på nett, finnes ikke på denne datamaskinen: en fil som legges der, kan gå upåaktet hen til neste fullstendige gjennomgang, og å lese den får {{provider}} til å laste den ned. Behold mappen alltid på denne enheten, eller velg en mappe utenfor {{provider}}.',
      'online-only_one':
        'Én fil her finnes bare på nett ({{examples}}): innholdet ligger i skyen, ikke på denne datamaskinen. Behold mappen alltid på denne enheten, så appen kan lese den.',
      'online-only_other':
        '{{count}} filer her finnes bare på nett ({{examples}}): innholdet ligger i skyen, ikke på denne datamaskinen. Behold mappen alltid på denne enheten, så appen kan lese dem.',
      'network-share':
        'Mappen ligger på en nettverksressurs ({{share}}). Endringer på en ressurs varsles ikke alltid, så appen går også gjennom hele Outbox hvert {{seconds}}. sekund: det kan ta så lang tid før en fil som legges der, blir sett. Forsvinner ressursen, skrives ingenting før den er tilbake.',
      'long-paths_one':
        'Én bane her er 260 tegn eller lengre, for lang for de fleste Windows-programmer: {{examples}}. Bruk kortere mappe- eller filnavn, eller en mappe nærmere roten av stasjonen.',
      'long-paths_other':
        '{{count}} baner her er 260 tegn eller lengre, for lange for de fleste Windows-programmer: {{examples}}. Bruk kortere mappe- eller filnavn, eller en mappe nærmere roten av stasjonen.',
      'long-names-room':
        'Mottatte filer med navn lengre enn {{room}} tegn ville få baner på 260 tegn eller mer her, som de fleste Windows-programmer ikke kan åpne. En mappe nærmere roten av stasjonen gir mer plass.',
      'case-collision':
        'I {{folder}} skiller {{names}} seg bare i store og små bokstaver: i Windows og macOS er de samme navn, og det ene ville erstatte det andre. Gi ett av dem nytt navn.',
      locked_one:
        'Én fil er låst av et annet program: {{examples}}. Den prøves igjen for seg mens de andre sendes; lukk programmet som har den åpen.',
      locked_other:
        '{{count}} filer er låst av et annet program: {{examples}}. Hver prøves igjen for seg mens de andre sendes; lukk programmet som har dem åpne.',
    },
  },
  pending: {
    state: { settling: 'Skrives', locked: 'Låst', checking: 'Kontrolleres', held: 'Venter' },
    reason: {
      writing: 'Filen skrives fortsatt: den tas når den ikke har endret seg på en stund.',
      companions: 'Venter på at vedleggene er skrevet ferdig.',
      locked: 'Låst av et annet program. Den prøves igjen av seg selv; lukk programmet som har den åpen.',
      denied: 'Appen har ikke lov til å lese denne filen. Den prøves igjen av seg selv; gi appen lesetilgang.',
      rules: 'Venter på de offisielle reglene, som ikke kan lastes nå.',
      checking: 'Kopieres og kontrolleres.',
    },
    tries_one: 'Prøvd én gang; neste forsøk {{when}}.',
    tries_other: 'Prøvd {{count}} ganger; neste forsøk {{when}}.',
  },
};
