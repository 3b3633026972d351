// Dansk: årsagen til en mislykket sendt faktura øverst i dens panel og panelet efter en ny forsendelsesvej (issue 37).
export const rerouteState = {
  rerouteState: {
    failedTitle: 'Hvorfor leveringen mislykkedes',
    noReason: 'Tjenesten sagde ikke hvorfor.',
  },
};
