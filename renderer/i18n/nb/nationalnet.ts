/** Answers to a received invoice's sender on the national network (issue 38). */
export const nationalnet = {
  nationalnet: {
    title: 'Svar avsenderen i det nasjonale nettet',
    lead: 'Fortell avsenderen hvor fakturaen står. Svarene gis i en fast rekkefølge, og etter et endelig svar (avvist eller betalt) kan ingen flere gis.',
    response: 'Svar',
    choose: 'Velg et svar',
    final: 'endelig',
    reason: 'Årsak (avsenderen ser den)',
    send: 'Send svaret',
    sent: 'Sendt til avsenderen: {{response}}.',
    sentFinal: 'Sendt til avsenderen: {{response}}. Svaret var endelig; ingen flere kan gis.',
    names: {
      AB: 'Mottatt',
      IP: 'Under behandling',
      UQ: 'Under avklaring',
      CA: 'Godkjent med vilkår',
      RE: 'Avvist',
      AP: 'Godkjent',
      PD: 'Betalt',
    },
    errors: {
      nationalnet_refused: 'Tjenesten tok ikke imot svaret: det er i feil rekkefølge, eller et endelig svar er allerede gitt.',
      nationalnet_unknown: 'Tjenesten kjenner ikke denne fakturaen, eller bedriften din har ikke tilgang til den.',
      nationalnet_unavailable: 'Det nasjonale nettet kan ikke nås akkurat nå. Prøv igjen senere.',
    },
  },
};
