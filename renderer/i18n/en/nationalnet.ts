/** Answers to a received invoice's sender on the national network (issue 38). */
export const nationalnet = {
  nationalnet: {
    title: 'Answer the sender on the national network',
    lead: 'Tell the sender where this invoice stands. Answers go in a fixed order, and after a final one (rejected or paid) no more can be given.',
    response: 'Response',
    choose: 'Choose a response',
    final: 'final',
    reason: 'Reason (the sender sees it)',
    send: 'Send the response',
    sent: 'Sent to the sender: {{response}}.',
    sentFinal: 'Sent to the sender: {{response}}. This was a final answer; no more can be given.',
    names: {
      AB: 'Received',
      IP: 'Being processed',
      UQ: 'Under query',
      CA: 'Accepted with conditions',
      RE: 'Rejected',
      AP: 'Accepted',
      PD: 'Paid',
    },
    errors: {
      nationalnet_refused: 'The service did not take this response: it is out of order, or a final answer was already given.',
      nationalnet_unknown: 'The service does not know this invoice, or your company has no access to it.',
      nationalnet_unavailable: 'The national network cannot be reached just now. Try again later.',
    },
  },
};
