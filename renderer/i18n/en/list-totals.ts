// English: the totals line under the invoice list while a new filter's totals are being counted (issue 14).
export const listTotals = {
  listTotals: {
    counting: 'Counting the totals…',
    failed: 'The totals could not be counted just now; they are counted again when the list changes.',
  },
};
