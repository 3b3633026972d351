// Dansk: linjen med totaler under fakturalisten, mens et nyt filters totaler tælles (issue 14).
export const listTotals = {
  listTotals: {
    counting: 'Tæller totalerne…',
    failed: 'Totalerne kunne ikke tælles lige nu; de tælles igen, når listen ændres.',
  },
};
