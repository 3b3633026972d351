// Finnish: a failed sent invoice's reason at the top of its panel, and the panel after a reroute (issue 37).
export const rerouteState = {
  rerouteState: {
    failedTitle: 'Miksi toimitus epäonnistui',
    noReason: 'Palvelu ei kertonut syytä.',
  },
};
