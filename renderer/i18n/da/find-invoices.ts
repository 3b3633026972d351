// Dansk: hvad fakturasøgningen søger i, og filtrene for beløb og forfaldsdato ved siden af (issue 37).
export const findInvoices = {
  findInvoices: {
    placeholder: 'Nummer, reference, navn eller beløb (tryk /)',
    sumFrom: 'Beløb fra',
    sumTo: 'Beløb til',
    sumHint: 'Et beløb som 1.656,25 eller 1656,25; tryk Enter for at anvende.',
    notAmount: 'Ikke et beløb',
    dueFrom: 'Forfald fra',
    dueTo: 'Forfald til',
  },
};
