// Finnish: what the invoice search looks in, and the sum and due-date filters beside it (issue 37).
export const findInvoices = {
  findInvoices: {
    placeholder: 'Numero, viite, nimi tai summa (paina /)',
    sumFrom: 'Summa alkaen',
    sumTo: 'Summa enintään',
    sumHint: 'Summa, kuten 1 656,25 tai 1656,25; ota käyttöön painamalla Enter.',
    notAmount: 'Ei ole summa',
    dueFrom: 'Eräpäivä alkaen',
    dueTo: 'Eräpäivä enintään',
  },
};
