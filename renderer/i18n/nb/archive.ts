// Norsk bokmål: the sealed archive of an account's kept files (issue 42, item 4).
export const archive = {
  archive: {
    lead: 'Hver fil appen tar vare på for en faktura eller et dokument, mottatt eller sendt, forsegles med sitt fingeravtrykk (SHA-256) i en kjede som ikke kan endres ubemerket. Appen sletter aldri noen av dem: hvor lenge du oppbevarer dem, bestemmer du.',
    verify: 'Kontroller arkivet',
    verifying: 'Kontrollerer hver fil…',
    none: 'Ingen filer er tatt vare på ennå: det er ingenting å kontrollere.',
    ok_one: 'Filen er slik den ble forseglet: ingenting er endret, mangler eller lagt til.',
    ok_other: 'Alle {{count}} filene er slik de ble forseglet: ingenting er endret, mangler eller lagt til.',
    seal: 'Segl (kjedens siste oppføring): {{hash}}',
    problems: 'Filene stemmer ikke med arkivet:',
    changed_one: '{{count}} fil er endret etter at den ble forseglet:',
    changed_other: '{{count}} filer er endret etter at de ble forseglet:',
    missing_one: '{{count}} fil mangler:',
    missing_other: '{{count}} filer mangler:',
    added_one: '{{count}} fil er lagt til som appen ikke tok vare på:',
    added_other: '{{count}} filer er lagt til som appen ikke tok vare på:',
    chain_one: 'Selve arkivoversikten er endret ved oppføring {{line}}: den kan ikke stoles på derfra.',
    chain_other:
      '{{count}} oppføringer i selve arkivoversikten er endret, den første ved oppføring {{line}}: den kan ikke stoles på derfra.',
    more: '…og {{count}} til',
    whatToDo:
      'Slik gjør du: legg tilbake originalen av hver endrede eller manglende fil (fra en sikkerhetskopi), og flytt filene du har lagt til, ut av mappene Inbox, Sent og Archive. Kontroller så på nytt.',
    from: 'Første dag',
    to: 'Siste dag',
    export: 'Eksporter perioden',
    exportHint:
      'Én zip-fil med periodens filer, en oversikt over dem (CSV) og seglet. Appens kommando «archive verify --zip» kontrollerer den på hvilken som helst datamaskin.',
    badPeriod: 'Velg en første dag som ikke er etter den siste.',
    exporting: 'Skriver zip-filen…',
    exported_one: '{{count}} fil ble skrevet til {{path}}.',
    exported_other: '{{count}} filer ble skrevet til {{path}}.',
  },
};
