// Svenska: a received invoice marked a possible duplicate of another (issue 42, item 3).
export const duplicates = {
  duplicates: {
    badge: 'Möjlig dubblett',
    title: 'Möjlig dubblett',
    lead_one:
      'En annan mottagen faktura har samma säljare, nummer och totalbelopp. Kontrollera att det inte är samma faktura innan du betalar:',
    lead_other:
      '{{count}} andra mottagna fakturor har samma säljare, nummer och totalbelopp. Kontrollera att den här inte är en av dem innan du betalar:',
    open: 'Öppna {{number}}, mottagen {{when}}',
    notDuplicate: 'Inte en dubblett',
    dismissed: 'Du har markerat att den här fakturan inte är en dubblett.',
    undo: 'Markera som möjlig dubblett igen',
  },
};
