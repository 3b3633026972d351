// English: a received invoice marked a possible duplicate of another (issue 42, item 3).
export const duplicates = {
  duplicates: {
    badge: 'Possible duplicate',
    title: 'Possible duplicate',
    lead_one: 'Another received invoice has the same seller, number and total. Check that it is not the same invoice before paying:',
    lead_other:
      '{{count}} other received invoices have the same seller, number and total. Check that this is not one of them before paying:',
    open: 'Open {{number}}, received {{when}}',
    notDuplicate: 'Not a duplicate',
    dismissed: 'You marked this invoice as not a duplicate.',
    undo: 'Mark as a possible duplicate again',
  },
};
