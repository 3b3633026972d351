// Swedish: the totals line under the invoice list while a new filter's totals are being counted (issue 14).
export const listTotals = {
  listTotals: {
    counting: 'Summorna räknas…',
    failed: 'Summorna kunde inte räknas just nu; de räknas igen när listan ändras.',
  },
};
