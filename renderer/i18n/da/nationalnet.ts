/** Dansk: svar til en modtaget fakturas afsender på det nationale netværk (issue 38). */
export const nationalnet = {
  nationalnet: {
    title: 'Svar afsenderen på det nationale netværk',
    lead: 'Fortæl afsenderen, hvor denne faktura står. Svarene gives i en fast rækkefølge, og efter et endeligt svar (afvist eller betalt) kan der ikke gives flere.',
    response: 'Svar',
    choose: 'Vælg et svar',
    final: 'endeligt',
    reason: 'Årsag (afsenderen ser den)',
    send: 'Send svaret',
    sent: 'Sendt til afsenderen: {{response}}.',
    sentFinal: 'Sendt til afsenderen: {{response}}. Det var et endeligt svar; der kan ikke gives flere.',
    names: {
      AB: 'Modtaget',
      IP: 'Under behandling',
      UQ: 'Afventer afklaring',
      CA: 'Godkendt med forbehold',
      RE: 'Afvist',
      AP: 'Godkendt',
      PD: 'Betalt',
    },
    errors: {
      nationalnet_refused: 'Tjenesten tog ikke imod dette svar: det er i forkert rækkefølge, eller der er allerede givet et endeligt svar.',
      nationalnet_unknown: 'Tjenesten kender ikke denne faktura, eller din virksomhed har ikke adgang til den.',
      nationalnet_unavailable: 'Det nationale netværk kan ikke nås lige nu. Prøv igen senere.',
    },
  },
};
