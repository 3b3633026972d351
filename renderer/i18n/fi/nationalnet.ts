/** Answers to a received invoice's sender on the national network (issue 38). */
export const nationalnet = {
  nationalnet: {
    title: 'Vastaa lähettäjälle kansallisessa verkossa',
    lead: 'Kerro lähettäjälle, missä vaiheessa lasku on. Vastaukset annetaan kiinteässä järjestyksessä, eikä lopullisen vastauksen (hylätty tai maksettu) jälkeen voi antaa uusia.',
    response: 'Vastaus',
    choose: 'Valitse vastaus',
    final: 'lopullinen',
    reason: 'Syy (lähettäjä näkee sen)',
    send: 'Lähetä vastaus',
    sent: 'Lähetetty lähettäjälle: {{response}}.',
    sentFinal: 'Lähetetty lähettäjälle: {{response}}. Vastaus oli lopullinen; uusia ei voi antaa.',
    names: {
      AB: 'Vastaanotettu',
      IP: 'Käsittelyssä',
      UQ: 'Selvityksessä',
      CA: 'Hyväksytty ehdoin',
      RE: 'Hylätty',
      AP: 'Hyväksytty',
      PD: 'Maksettu',
    },
    errors: {
      nationalnet_refused: 'Palvelu ei ottanut vastausta vastaan: se on väärässä järjestyksessä, tai lopullinen vastaus on jo annettu.',
      nationalnet_unknown: 'Palvelu ei tunne tätä laskua, tai yritykselläsi ei ole siihen pääsyä.',
      nationalnet_unavailable: 'Kansalliseen verkkoon ei juuri nyt saada yhteyttä. Yritä myöhemmin uudelleen.',
    },
  },
};
