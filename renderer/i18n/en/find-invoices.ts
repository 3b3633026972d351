// English: what the invoice search looks in, and the sum and due-date filters beside it (issue 37).
export const findInvoices = {
  findInvoices: {
    placeholder: 'Number, reference, name or amount (press /)',
    sumFrom: 'Sum from',
    sumTo: 'Sum to',
    sumHint: 'An amount such as 1,656.25 or 1656.25; press Enter to apply.',
    notAmount: 'Not an amount',
    dueFrom: 'Due from',
    dueTo: 'Due to',
  },
};
