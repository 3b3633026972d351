// Dansk: ord og filer (issue 37, punkt 7 og 8): bankmeddelelsernes typer, en fejls detaljer
// og "Vis i mappe" på begge transporter.
export const words = {
  bankType: {
    RI: 'Modtagermeddelelse',
    SI: 'Afsendermeddelelse',
    RP: 'Modtagerforslag',
    action: { ADD: 'e-fakturaer bestilt', CHANGE: 'oplysninger ændret', DEL: 'e-fakturaer ophørt' },
  },
  failure: { details: 'Detaljer' },
  reveal: {
    show: 'Vis i mappe',
    showRoot: 'Vis mappen for {{name}}',
    rootLabel: 'Kontoens mappe',
    showNote: 'Vis noten',
    shown: 'Vist i filhåndteringen på den computer, appen kører på.',
    copied: 'Den computer, appen kører på, kan ikke vise den i en filhåndtering, så dens sti er kopieret:',
    notCopied: 'Den computer, appen kører på, kan ikke vise den i en filhåndtering. Dens sti:',
    outboxAt: 'Fakturaer, der skal sendes, lægges i denne mappe:',
  },
};
