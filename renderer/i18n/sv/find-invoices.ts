// Swedish: what the invoice search looks in, and the sum and due-date filters beside it (issue 37).
export const findInvoices = {
  findInvoices: {
    placeholder: 'Nummer, referens, namn eller belopp (tryck /)',
    sumFrom: 'Belopp från',
    sumTo: 'Belopp till',
    sumHint: 'Ett belopp som 1 656,25 eller 1656,25; tryck Enter för att tillämpa.',
    notAmount: 'Inte ett belopp',
    dueFrom: 'Förfaller från',
    dueTo: 'Förfaller till',
  },
};
