// Norsk bokmål: a received invoice marked a possible duplicate of another (issue 42, item 3).
export const duplicates = {
  duplicates: {
    badge: 'Mulig duplikat',
    title: 'Mulig duplikat',
    lead_one: 'En annen mottatt faktura har samme selger, nummer og totalbeløp. Kontroller at det ikke er samme faktura før du betaler:',
    lead_other:
      '{{count}} andre mottatte fakturaer har samme selger, nummer og totalbeløp. Kontroller at denne ikke er en av dem før du betaler:',
    open: 'Åpne {{number}}, mottatt {{when}}',
    notDuplicate: 'Ikke et duplikat',
    dismissed: 'Du har merket at denne fakturaen ikke er et duplikat.',
    undo: 'Merk som mulig duplikat igjen',
  },
};
