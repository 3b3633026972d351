import type { DetectCheck } from '../../shared/enums';

/** Languages the Detect texts come in; anything else is answered in English (sandbox/docs/detect.md). */
export const DETECT_LANGS = ['en', 'fi', 'sv', 'nb'] as const;
export type DetectLang = (typeof DETECT_LANGS)[number];

/** `fi`, `fi-FI`, `FI_fi`: the primary subtag decides; Norwegian `no` and `nn` read Bokmål. */
export function resolveLang(lang: string | undefined): DetectLang {
  const primary = (lang ?? '').trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (primary === 'no' || primary === 'nn') return 'nb';
  return (DETECT_LANGS as readonly string[]).includes(primary) ? (primary as DetectLang) : 'en';
}

export type Localized = Record<DetectLang, string>;

interface CheckTexts {
  friendly_name: Localized;
  title: Localized;
  description: Localized;
}

export const CHECK_TEXTS: Readonly<Record<DetectCheck, CheckTexts>> = {
  SUPPLIER_ACTIVATION: {
    friendly_name: { en: 'Supplier activation', fi: 'Toimittajan aktivointi', sv: 'Leverantörsaktivering', nb: 'Leverandøraktivering' },
    title: {
      en: 'Can the supplier send e-invoices?',
      fi: 'Voiko toimittaja lähettää verkkolaskuja?',
      sv: 'Kan leverantören skicka e-fakturor?',
      nb: 'Kan leverandøren sende e-faktura?',
    },
    description: {
      en: 'For invoices received through scanning, tells whether the sender has sent e-invoices before.',
      fi: 'Skannauksen kautta vastaanotetuille laskuille: kertoo, onko lähettäjä lähettänyt verkkolaskuja aiemmin.',
      sv: 'För fakturor som tagits emot via skanning: visar om avsändaren har skickat e-fakturor tidigare.',
      nb: 'For fakturaer mottatt via skanning: viser om avsenderen har sendt e-faktura tidligere.',
    },
  },
  BANK_ACCOUNT_CHANGED: {
    friendly_name: { en: 'Bank account change', fi: 'Pankkitilin muutos', sv: 'Ändrat bankkonto', nb: 'Endret bankkonto' },
    title: {
      en: "Has the sender's bank account changed?",
      fi: 'Onko lähettäjän pankkitili muuttunut?',
      sv: 'Har avsändarens bankkonto ändrats?',
      nb: 'Har avsenderens bankkonto endret seg?',
    },
    description: {
      en: 'Compares the bank account on the invoice with the accounts the sender has used before.',
      fi: 'Vertaa laskun pankkitiliä tileihin, joita lähettäjä on käyttänyt aiemmin.',
      sv: 'Jämför bankkontot på fakturan med de konton avsändaren har använt tidigare.',
      nb: 'Sammenligner bankkontoen på fakturaen med kontoene avsenderen har brukt tidligere.',
    },
  },
  SENDER_BID_STATUS: {
    friendly_name: {
      en: 'Sender business ID status',
      fi: 'Lähettäjän Y-tunnuksen tila',
      sv: 'Avsändarens organisationsnummer',
      nb: 'Avsenderens organisasjonsnummer',
    },
    title: {
      en: "Is the sender's company active?",
      fi: 'Onko lähettäjäyritys toiminnassa?',
      sv: 'Är avsändarens företag aktivt?',
      nb: 'Er avsenderens selskap aktivt?',
    },
    description: {
      en: "Looks up the sender's business ID in the national register (Finland and Norway) and reports insolvency or bankruptcy; in Finland it also checks the prepayment register.",
      fi: 'Hakee lähettäjän Y-tunnuksen kansallisesta rekisteristä (Suomi ja Norja) ja kertoo maksukyvyttömyydestä tai konkurssista; Suomessa tarkistaa myös ennakkoperintärekisterin.',
      sv: 'Söker avsändarens organisationsnummer i det nationella registret (Finland och Norge) och rapporterar insolvens eller konkurs; i Finland kontrolleras även förskottsuppbördsregistret.',
      nb: 'Slår opp avsenderens organisasjonsnummer i det nasjonale registeret (Finland og Norge) og rapporterer insolvens eller konkurs; i Finland kontrolleres også forskuddsregisteret.',
    },
  },
  SENDER_WARNING_LIST: {
    friendly_name: {
      en: 'Sender warning list',
      fi: 'Lähettäjän varoituslista',
      sv: 'Varningslista för avsändare',
      nb: 'Advarselsliste for avsender',
    },
    title: {
      en: 'Is the sender on a warning list?',
      fi: 'Onko lähettäjä varoituslistalla?',
      sv: 'Finns avsändaren på en varningslista?',
      nb: 'Står avsenderen på en advarselsliste?',
    },
    description: {
      en: 'Looks up the sender in a list of suspicious companies.',
      fi: 'Hakee lähettäjää epäilyttävien yritysten listalta.',
      sv: 'Söker avsändaren i en lista över misstänkta företag.',
      nb: 'Slår opp avsenderen i en liste over mistenkelige selskaper.',
    },
  },
  VAT: {
    friendly_name: { en: 'VAT registration', fi: 'ALV-rekisteröinti', sv: 'Momsregistrering', nb: 'MVA-registrering' },
    title: {
      en: 'Is the sender registered for VAT?',
      fi: 'Onko lähettäjä arvonlisäverorekisterissä?',
      sv: 'Är avsändaren momsregistrerad?',
      nb: 'Er avsenderen registrert i MVA-registeret?',
    },
    description: {
      en: "Checks the sender in the VAT register (Norway: the national register; EU countries: the EU VAT service). Skipped when the invoice's total VAT is under 1 currency unit.",
      fi: 'Tarkistaa lähettäjän arvonlisäverorekisteristä (Norja: kansallinen rekisteri; EU-maat: EU:n VIES-palvelu). Ohitetaan, kun laskun arvonlisävero on alle 1 valuuttayksikön.',
      sv: 'Kontrollerar avsändaren i momsregistret (Norge: det nationella registret; EU-länder: EU:s VIES-tjänst). Hoppas över när fakturans moms är under 1 valutaenhet.',
      nb: 'Kontrollerer avsenderen i MVA-registeret (Norge: Enhetsregisteret; EU-land: EUs VIES-tjeneste). Hoppes over når fakturaens MVA er under 1 valutaenhet.',
    },
  },
};

/** The registers each check consults (the definition's `sources`). */
export const CHECK_SOURCES: Readonly<Record<DetectCheck, readonly string[]>> = {
  SUPPLIER_ACTIVATION: ['E-INVOICE_NETWORK'],
  BANK_ACCOUNT_CHANGED: ['INVOICE_HISTORY'],
  SENDER_BID_STATUS: ['PRH_YTJ', 'BRREG', 'VERO_PREPAYMENT_REGISTER'],
  SENDER_WARNING_LIST: ['WARNING_LIST', 'USER_REPORTS'],
  VAT: ['BRREG_MVA', 'EU_VIES'],
};
