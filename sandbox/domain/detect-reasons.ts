import { DETECT_CHECKS, DETECT_REASON_CODES, type DetectCheck } from '../../shared/enums';
import { CHECK_TEXTS, type DetectLang, type Localized } from './detect-texts';

/** The result column of the spec's reason-code table that a code sits in. */
export type ReasonResult = 'NOT_APPLICABLE' | 'FAILED' | 'PENDING' | 'WARNING' | 'OK';

/**
 * Texts of the reason codes. Findings (WARNING codes) are read by people in their language, so they
 * come in all four; the other codes show up only in analyses and definitions, in English.
 */
const TEXTS: Readonly<Record<string, Partial<Localized> & { en: string }>> = {
  SUPPLIER_ACTIVATION_INVOICE_NOT_FROM_SCAN: { en: 'The invoice was not received through scanning.' },
  SUPPLIER_ACTIVATION_INVALID_INPUT: {
    en: 'The invoice lacks the sender details needed to check supplier activation.',
    fi: 'Laskulta puuttuvat lähettäjän tiedot, joita toimittajan aktivoinnin tarkistus tarvitsee.',
    sv: 'Fakturan saknar de avsändaruppgifter som behövs för att kontrollera leverantörsaktivering.',
    nb: 'Fakturaen mangler avsenderopplysningene som trengs for å kontrollere leverandøraktivering.',
  },
  SUPPLIER_ACTIVATION_COMPANY_CAN_SEND_ELECTRONIC: {
    en: 'The supplier can send e-invoices: ask them to send e-invoices instead of paper or PDF.',
    fi: 'Toimittaja pystyy lähettämään verkkolaskuja: pyydä sitä lähettämään verkkolaskuja paperin tai PDF:n sijaan.',
    sv: 'Leverantören kan skicka e-fakturor: be dem skicka e-fakturor i stället för papper eller PDF.',
    nb: 'Leverandøren kan sende e-faktura: be dem sende e-faktura i stedet for papir eller PDF.',
  },
  SUPPLIER_ACTIVATION_COMPANY_CAN_ONLY_SEND_SCAN: { en: 'The supplier has not sent e-invoices before: it sends paper or PDF only.' },
  BANK_ACCOUNT_CHANGED_NO_BANK_ACCOUNTS: { en: 'The invoice names no bank account.' },
  BANK_ACCOUNT_CHANGED_INVALID_INPUT: {
    en: 'The bank account on the invoice could not be read.',
    fi: 'Laskun pankkitiliä ei voitu lukea.',
    sv: 'Bankkontot på fakturan kunde inte läsas.',
    nb: 'Bankkontoen på fakturaen kunne ikke leses.',
  },
  BANK_ACCOUNT_CHANGED_UNKNOWN: {
    en: "It could not be determined whether the sender's bank account has changed.",
    fi: 'Ei voitu selvittää, onko lähettäjän pankkitili muuttunut.',
    sv: 'Det gick inte att avgöra om avsändarens bankkonto har ändrats.',
    nb: 'Det kunne ikke fastslås om avsenderens bankkonto er endret.',
  },
  BANK_ACCOUNT_CHANGED_CHANGED: {
    en: 'The bank account differs from the accounts the sender has used before.',
    fi: 'Pankkitili poikkeaa tileistä, joita lähettäjä on käyttänyt aiemmin.',
    sv: 'Bankkontot skiljer sig från de konton avsändaren har använt tidigare.',
    nb: 'Bankkontoen avviker fra kontoene avsenderen har brukt tidligere.',
  },
  BANK_ACCOUNT_CHANGED_NOT_CHANGED: { en: 'The bank account is not a change from an account the sender has always used.' },
  SENDER_BID_STATUS_COUNTRY_NOT_SUPPORTED: { en: "The sender's country is not supported: only Finland and Norway are." },
  SENDER_BID_STATUS_NOT_FOUND: {
    en: "The sender's business ID was not found in the national register.",
    fi: 'Lähettäjän Y-tunnusta ei löytynyt kansallisesta rekisteristä.',
    sv: 'Avsändarens organisationsnummer hittades inte i det nationella registret.',
    nb: 'Avsenderens organisasjonsnummer ble ikke funnet i det nasjonale registeret.',
  },
  SENDER_BID_STATUS_INVALID_BID: {
    en: "The sender's business ID is not valid.",
    fi: 'Lähettäjän Y-tunnus ei ole kelvollinen.',
    sv: 'Avsändarens organisationsnummer är ogiltigt.',
    nb: 'Avsenderens organisasjonsnummer er ugyldig.',
  },
  SENDER_BID_STATUS_NOT_FOUND_NO_BID: {
    en: "The invoice does not give the sender's business ID.",
    fi: 'Laskulla ei ole lähettäjän Y-tunnusta.',
    sv: 'Fakturan saknar avsändarens organisationsnummer.',
    nb: 'Fakturaen mangler avsenderens organisasjonsnummer.',
  },
  SENDER_BID_STATUS_INACTIVE: {
    en: "The sender's company is not active in the register.",
    fi: 'Lähettäjäyritys ei ole rekisterin mukaan toiminnassa.',
    sv: 'Avsändarens företag är inte aktivt enligt registret.',
    nb: 'Avsenderens selskap er ikke aktivt i registeret.',
  },
  SENDER_BID_STATUS_UNDER_LIQUIDATION: {
    en: "The sender's company is in liquidation.",
    fi: 'Lähettäjäyritys on selvitystilassa.',
    sv: 'Avsändarens företag är i likvidation.',
    nb: 'Avsenderens selskap er under avvikling.',
  },
  SENDER_BID_STATUS_UNDER_REORGANIZATION: {
    en: "The sender's company is under reorganisation.",
    fi: 'Lähettäjäyritys on yrityssaneerauksessa.',
    sv: 'Avsändarens företag är under företagsrekonstruktion.',
    nb: 'Avsenderens selskap er under rekonstruksjon.',
  },
  SENDER_BID_STATUS_BANKRUPT: {
    en: "The sender's company is bankrupt.",
    fi: 'Lähettäjäyritys on konkurssissa.',
    sv: 'Avsändarens företag är i konkurs.',
    nb: 'Avsenderens selskap er konkurs.',
  },
  SENDER_BID_STATUS_ON_HOLD: {
    en: "The sender's company is on hold in the register.",
    fi: 'Lähettäjäyrityksen toiminta on keskeytetty rekisterissä.',
    sv: 'Avsändarens företag är vilande i registret.',
    nb: 'Avsenderens selskap er satt på vent i registeret.',
  },
  SENDER_BID_STATUS_PREPAYMENT_REGISTER_NOT_FOUND: {
    en: 'The sender is not in the prepayment register.',
    fi: 'Lähettäjä ei ole ennakkoperintärekisterissä.',
    sv: 'Avsändaren finns inte i förskottsuppbördsregistret.',
    nb: 'Avsenderen er ikke i forskuddsregisteret.',
  },
  SENDER_BID_STATUS_PREPAYMENT_REGISTER_FOUND: { en: "The sender's company is active and in the prepayment register." },
  SENDER_BID_STATUS_FOUND: { en: "The sender's company is active in the register." },
  SENDER_WARNING_LIST_INVALID_INPUT: {
    en: 'The invoice lacks the sender details needed to check the warning list.',
    fi: 'Laskulta puuttuvat lähettäjän tiedot, joita varoituslistan tarkistus tarvitsee.',
    sv: 'Fakturan saknar de avsändaruppgifter som behövs för att kontrollera varningslistan.',
    nb: 'Fakturaen mangler avsenderopplysningene som trengs for å kontrollere advarselslisten.',
  },
  SENDER_WARNING_LIST_FOUND: {
    en: 'The sender is on a list of suspicious companies.',
    fi: 'Lähettäjä on epäilyttävien yritysten listalla.',
    sv: 'Avsändaren finns på en lista över misstänkta företag.',
    nb: 'Avsenderen står på en liste over mistenkelige selskaper.',
  },
  SENDER_WARNING_LIST_USER_REPORTED_FOUND: {
    en: 'Users have reported the sender as suspicious.',
    fi: 'Käyttäjät ovat ilmoittaneet lähettäjän epäilyttäväksi.',
    sv: 'Användare har rapporterat avsändaren som misstänkt.',
    nb: 'Brukere har rapportert avsenderen som mistenkelig.',
  },
  SENDER_WARNING_LIST_NOT_FOUND: { en: 'The sender is not on the warning list.' },
  VAT_NO_VAT_CHARGED: { en: "The invoice's total VAT is under 1 currency unit, so the check was skipped." },
  VAT_INVALID_INPUT: {
    en: "The sender's VAT number is missing or not valid.",
    fi: 'Lähettäjän ALV-tunnus puuttuu tai ei ole kelvollinen.',
    sv: 'Avsändarens momsregistreringsnummer saknas eller är ogiltigt.',
    nb: 'Avsenderens MVA-nummer mangler eller er ugyldig.',
  },
  VAT_COMPANY_NOT_REGISTERED: {
    en: 'The sender is not registered for VAT, yet the invoice charges VAT.',
    fi: 'Lähettäjä ei ole arvonlisäverorekisterissä, mutta laskulla veloitetaan arvonlisäveroa.',
    sv: 'Avsändaren är inte momsregistrerad men fakturan debiterar moms.',
    nb: 'Avsenderen er ikke registrert i MVA-registeret, men fakturaen krever MVA.',
  },
  VAT_COMPANY_REGISTERED: { en: 'The sender is registered for VAT.' },
};

/** Each code's check and result column, from the spec's table (shared/enums.ts). */
export const REASONS: ReadonlyMap<string, { check: DetectCheck; result: ReasonResult }> = new Map(
  DETECT_CHECKS.flatMap((check) =>
    Object.entries(DETECT_REASON_CODES[check]).flatMap(([result, codes]) =>
      codes.map((code) => [code, { check, result: result as ReasonResult }] as const),
    ),
  ),
);

/** The text of a reason code in a language (English when that language has none). */
export function reasonText(code: string, lang: DetectLang = 'en'): string {
  const t = TEXTS[code];
  if (t) return t[lang] ?? t.en;
  const r = REASONS.get(code);
  if (!r) return code;
  // Mid-sentence: "supplier activation", but "VAT registration" keeps its acronym.
  const friendly = CHECK_TEXTS[r.check].friendly_name.en;
  const name = /^[A-Z]{2}/.test(friendly) ? friendly : friendly[0]?.toLowerCase() + friendly.slice(1);
  if (r.result === 'PENDING') return `The ${name} check is pending.`;
  if (r.result === 'FAILED') return `The ${name} check could not be run.`;
  if (code.endsWith('_NOT_AN_INVOICE')) return 'The resource is not an invoice.';
  return code;
}

/** Every code of a check in a result column, in the table's order. */
export function codesOf(check: DetectCheck, result: ReasonResult): readonly string[] {
  return DETECT_REASON_CODES[check][result] ?? [];
}

/** The check's single code of a column that has exactly one (PENDING, FAILED, and OK for most). */
export function firstCode(check: DetectCheck, result: ReasonResult): string {
  return codesOf(check, result)[0] ?? `${check}_${result}`;
}
