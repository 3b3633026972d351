// Norwegian Bokmål: the totals line under the invoice list while a new filter's totals are being counted (issue 14).
export const listTotals = {
  listTotals: {
    counting: 'Summene telles…',
    failed: 'Summene kunne ikke telles akkurat nå; de telles på nytt når listen endres.',
  },
};
