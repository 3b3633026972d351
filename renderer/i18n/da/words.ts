// Dansk: ord og filer (issue 37, punkt 7 og 8): bankmeddelelsernes typer, en fejls detaljer
// og "Vis i mappe" på begge transporter.
export const words = {
  bankType: {
    RI: 'Modtagermeddelelse',
    SI: 'Afsendermeddelelse',
    RP: 'Modtagerforslag',
    action: { ADD: 'e-fakturaer bestilt', CHANGE: 'oplysninger ændret', DEL: 'e-fakturaer ophørt' },
  },
  failure: {
    details: 'Detaljer',
    reasons: {
      token_missing: 'Appen sendte ingen login med forespørgslen.',
      token_invalid: 'Tjenesten godtog ikke login: appen logger ind igen.',
      token_expired: 'Login var udløbet: appen logger ind igen.',
      company_unverified: 'Virksomheden er ikke verificeret endnu: gennemfør først virksomhedens godkendelse hos tjenesten.',
      insufficient_scope:
        'API-nøglen giver ikke adgang til dette: bed tjenesten om at tilføje tilladelsen, eller brug en nøgle, der har den.',
    },
  },
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
