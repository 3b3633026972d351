// English: a failed sent invoice's reason at the top of its panel, and the panel after a reroute (issue 37).
export const rerouteState = {
  rerouteState: {
    failedTitle: 'Why delivery failed',
    noReason: 'The service did not say why.',
  },
};
