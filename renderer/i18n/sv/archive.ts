// Svenska: the sealed archive of an account's kept files (issue 42, item 4).
export const archive = {
  archive: {
    lead: 'Varje fil som appen sparar för en faktura eller ett dokument, mottagen eller skickad, förseglas med sitt fingeravtryck (SHA-256) i en kedja som inte kan ändras obemärkt. Appen raderar aldrig någon av dem: hur länge du sparar dem bestämmer du.',
    verify: 'Kontrollera arkivet',
    verifying: 'Kontrollerar varje fil…',
    none: 'Inga filer har sparats ännu: det finns inget att kontrollera.',
    ok_one: 'Filen är som när den förseglades: inget har ändrats, saknas eller lagts till.',
    ok_other: 'Alla {{count}} filer är som när de förseglades: inget har ändrats, saknas eller lagts till.',
    seal: 'Sigill (kedjans sista post): {{hash}}',
    problems: 'Filerna stämmer inte med arkivet:',
    changed_one: '{{count}} fil har ändrats sedan den förseglades:',
    changed_other: '{{count}} filer har ändrats sedan de förseglades:',
    missing_one: '{{count}} fil saknas:',
    missing_other: '{{count}} filer saknas:',
    added_one: '{{count}} fil har lagts till som appen inte sparade:',
    added_other: '{{count}} filer har lagts till som appen inte sparade:',
    chain_one: 'Själva arkivförteckningen har ändrats vid post {{line}}: den går inte att lita på därifrån.',
    chain_other:
      '{{count}} poster i själva arkivförteckningen har ändrats, den första vid post {{line}}: den går inte att lita på därifrån.',
    more: '…och {{count}} till',
    whatToDo:
      'Gör så här: lägg tillbaka originalet av varje ändrad eller saknad fil (från en säkerhetskopia) och flytta filerna du lagt till ut ur mapparna Inbox, Sent och Archive. Kontrollera sedan igen.',
    from: 'Första dag',
    to: 'Sista dag',
    export: 'Exportera perioden',
    exportHint:
      'En zip-fil med periodens filer, en förteckning över dem (CSV) och sigillet. Appens kommando ”archive verify --zip” kontrollerar den på vilken dator som helst.',
    badPeriod: 'Välj en första dag som inte ligger efter den sista.',
    exporting: 'Skriver zip-filen…',
    exported_one: '{{count}} fil skrevs till {{path}}.',
    exported_other: '{{count}} filer skrevs till {{path}}.',
  },
};
