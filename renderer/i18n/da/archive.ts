// Dansk: the sealed archive of an account's kept files (issue 42, item 4).
export const archive = {
  archive: {
    lead: 'Hver fil, appen gemmer for en faktura eller et dokument, modtaget eller sendt, forsegles med sit fingeraftryk (SHA-256) i en kæde, der ikke kan ændres ubemærket. Appen sletter aldrig nogen af dem: hvor længe du opbevarer dem, bestemmer du.',
    verify: 'Kontroller arkivet',
    verifying: 'Kontrollerer hver fil…',
    none: 'Ingen filer er gemt endnu: der er intet at kontrollere.',
    ok_one: 'Filen er, som da den blev forseglet: intet er ændret, mangler eller tilføjet.',
    ok_other: 'Alle {{count}} filer er, som da de blev forseglet: intet er ændret, mangler eller tilføjet.',
    seal: 'Segl (kædens sidste post): {{hash}}',
    problems: 'Filerne stemmer ikke med arkivet:',
    changed_one: '{{count}} fil er ændret, efter at den blev forseglet:',
    changed_other: '{{count}} filer er ændret, efter at de blev forseglet:',
    missing_one: '{{count}} fil mangler:',
    missing_other: '{{count}} filer mangler:',
    added_one: '{{count}} fil er tilføjet, som appen ikke gemte:',
    added_other: '{{count}} filer er tilføjet, som appen ikke gemte:',
    chain_one: 'Selve arkivfortegnelsen er ændret ved post {{line}}: den kan ikke stoles på derfra.',
    chain_other: '{{count}} poster i selve arkivfortegnelsen er ændret, den første ved post {{line}}: den kan ikke stoles på derfra.',
    more: '…og {{count}} mere',
    whatToDo:
      'Sådan gør du: læg originalen af hver ændret eller manglende fil tilbage (fra en sikkerhedskopi), og flyt de filer, du har tilføjet, ud af mapperne Inbox, Sent og Archive. Kontroller så igen.',
    from: 'Første dag',
    to: 'Sidste dag',
    export: 'Eksporter perioden',
    exportHint:
      'Én zip-fil med periodens filer, en fortegnelse over dem (CSV) og seglet. Appens kommando »archive verify --zip« kontrollerer den på en hvilken som helst computer.',
    badPeriod: 'Vælg en første dag, der ikke ligger efter den sidste.',
    exporting: 'Skriver zip-filen…',
    exported_one: '{{count}} fil blev skrevet til {{path}}.',
    exported_other: '{{count}} filer blev skrevet til {{path}}.',
  },
};
