// Norwegian: what the invoice search looks in, and the sum and due-date filters beside it (issue 37).
export const findInvoices = {
  findInvoices: {
    placeholder: 'Nummer, referanse, navn eller beløp (trykk /)',
    sumFrom: 'Beløp fra',
    sumTo: 'Beløp til',
    sumHint: 'Et beløp som 1 656,25 eller 1656,25; trykk Enter for å bruke det.',
    notAmount: 'Ikke et beløp',
    dueFrom: 'Forfall fra',
    dueTo: 'Forfall til',
  },
};
