// Finnish: words and files (issue 37, items 7 and 8): the bank messages' types, a failure's details
// and "Show in folder" on both transports.
export const words = {
  // The spec's message types (SI, RI, RP) and the action a Finvoice notification carries.
  bankType: {
    RI: 'Vastaanottoilmoitus',
    SI: 'Laskuttajailmoitus',
    RP: 'Vastaanottajaehdotus',
    action: { ADD: 'e-lasku tilattu', CHANGE: 'tiedot muuttuneet', DEL: 'e-lasku lopetettu' },
  },
  failure: {
    details: 'Lisätiedot',
    reasons: {
      token_missing: 'Sovellus ei lähettänyt kirjautumista pyynnön mukana.',
      token_invalid: 'Palvelu ei hyväksynyt kirjautumista: sovellus kirjautuu uudelleen.',
      token_expired: 'Kirjautuminen oli vanhentunut: sovellus kirjautuu uudelleen.',
      company_unverified: 'Yritystä ei ole vielä todennettu: tee ensin yrityksen tunnistus palvelussa.',
      insufficient_scope: 'API-avain ei anna pääsyä tähän: pyydä palvelua lisäämään oikeus tai käytä avainta, jolla se on.',
    },
  },
  reveal: {
    show: 'Näytä kansiossa',
    showRoot: 'Näytä tilin {{name}} kansio',
    rootLabel: 'Tilin kansio',
    showNote: 'Näytä selite',
    shown: 'Näytetty tiedostonhallinnassa koneella, jolla sovellus toimii.',
    copied: 'Sovellusta ajava kone ei voi näyttää sitä tiedostonhallinnassa, joten sen polku kopioitiin:',
    notCopied: 'Sovellusta ajava kone ei voi näyttää sitä tiedostonhallinnassa. Sen polku:',
    outboxAt: 'Lähetettävät laskut laitetaan tähän kansioon:',
  },
};
