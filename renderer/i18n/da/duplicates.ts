// Dansk: a received invoice marked a possible duplicate of another (issue 42, item 3).
export const duplicates = {
  duplicates: {
    badge: 'Mulig dublet',
    title: 'Mulig dublet',
    lead_one: 'En anden modtaget faktura har samme sælger, nummer og total. Kontroller, at det ikke er den samme faktura, før du betaler:',
    lead_other:
      '{{count}} andre modtagne fakturaer har samme sælger, nummer og total. Kontroller, at denne ikke er en af dem, før du betaler:',
    open: 'Åbn {{number}}, modtaget {{when}}',
    notDuplicate: 'Ikke en dublet',
    dismissed: 'Du har markeret, at denne faktura ikke er en dublet.',
    undo: 'Marker som mulig dublet igen',
  },
};
