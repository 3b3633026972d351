// Finnish: the totals line under the invoice list while a new filter's totals are being counted (issue 14).
export const listTotals = {
  listTotals: {
    counting: 'Summia lasketaan…',
    failed: 'Summia ei voitu laskea juuri nyt; ne lasketaan uudelleen, kun lista muuttuu.',
  },
};
