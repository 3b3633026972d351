/** Answers to a received invoice's sender on the national network (issue 38). */
export const nationalnet = {
  nationalnet: {
    title: 'Svara avsändaren i det nationella nätet',
    lead: 'Berätta för avsändaren var fakturan står. Svaren ges i en fast ordning, och efter ett slutligt svar (avvisad eller betald) kan inga fler ges.',
    response: 'Svar',
    choose: 'Välj ett svar',
    final: 'slutligt',
    reason: 'Orsak (avsändaren ser den)',
    send: 'Skicka svaret',
    sent: 'Skickat till avsändaren: {{response}}.',
    sentFinal: 'Skickat till avsändaren: {{response}}. Svaret var slutligt; inga fler kan ges.',
    names: {
      AB: 'Mottagen',
      IP: 'Behandlas',
      UQ: 'Under utredning',
      CA: 'Godkänd med villkor',
      RE: 'Avvisad',
      AP: 'Godkänd',
      PD: 'Betald',
    },
    errors: {
      nationalnet_refused: 'Tjänsten tog inte emot svaret: det är i fel ordning, eller så har ett slutligt svar redan getts.',
      nationalnet_unknown: 'Tjänsten känner inte till fakturan, eller så har ditt företag ingen åtkomst till den.',
      nationalnet_unavailable: 'Det nationella nätet kan inte nås just nu. Försök igen senare.',
    },
  },
};
