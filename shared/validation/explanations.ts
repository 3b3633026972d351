import type { Explanation } from './report';

// What the rules users break most often mean, in plain words, in the languages the app speaks.
// The rule's official (English) text stays beside it in the report; these say what is wrong and what to
// do. Keys are rule ids as the rule sets name them (test/unit/validate/explanations.test.ts checks that
// each one exists in the shipped rules).

const SINGLE: Readonly<Record<string, Explanation>> = {
  // EN 16931: what every invoice must have.
  'BR-01': {
    en: 'The invoice does not say which specification it follows. Add the specification identifier, such as urn:cen.eu:en16931:2017 or the Peppol BIS 3 identifier.',
    fi: 'Laskusta puuttuu tieto siitä, mitä määritystä se noudattaa. Lisää määrityksen tunniste, esimerkiksi urn:cen.eu:en16931:2017 tai Peppol BIS 3 -tunniste.',
    sv: 'Fakturan anger inte vilken specifikation den följer. Lägg till specifikationsidentifieraren, till exempel urn:cen.eu:en16931:2017 eller Peppol BIS 3-identifieraren.',
    nb: 'Fakturaen sier ikke hvilken spesifikasjon den følger. Legg til spesifikasjonsidentifikatoren, for eksempel urn:cen.eu:en16931:2017 eller Peppol BIS 3-identifikatoren.',
    da: 'Fakturaen angiver ikke, hvilken specifikation den følger. Tilføj specifikationens identifikator, fx urn:cen.eu:en16931:2017 eller identifikatoren for Peppol BIS 3.',
  },
  'BR-02': {
    en: "The invoice has no invoice number. Every invoice needs its own number from the seller's numbering.",
    fi: 'Laskulta puuttuu laskunumero. Jokainen lasku tarvitsee oman numeronsa myyjän numerosarjasta.',
    sv: 'Fakturan saknar fakturanummer. Varje faktura behöver ett eget nummer ur säljarens nummerserie.',
    nb: 'Fakturaen mangler fakturanummer. Hver faktura trenger sitt eget nummer fra selgerens nummerserie.',
    da: 'Fakturaen har intet fakturanummer. Hver faktura skal have sit eget nummer fra sælgerens nummerserie.',
  },
  'BR-03': {
    en: 'The invoice has no issue date (the date it was made).',
    fi: 'Laskulta puuttuu laskun päivämäärä (päivä, jona lasku on laadittu).',
    sv: 'Fakturan saknar fakturadatum (dagen då den utfärdades).',
    nb: 'Fakturaen mangler fakturadato (datoen den ble utstedt).',
    da: 'Fakturaen har ingen fakturadato (den dato, den blev udstedt).',
  },
  'BR-04': {
    en: 'The invoice type code is missing: it tells whether the document is an invoice (380), a credit note (381) or another kind.',
    fi: 'Laskun tyyppikoodi puuttuu: se kertoo, onko asiakirja lasku (380), hyvityslasku (381) vai jokin muu.',
    sv: 'Fakturatypkoden saknas: den anger om dokumentet är en faktura (380), en kreditnota (381) eller något annat.',
    nb: 'Fakturatypekoden mangler: den forteller om dokumentet er en faktura (380), en kreditnota (381) eller noe annet.',
    da: 'Fakturatypekoden mangler: den angiver, om dokumentet er en faktura (380), en kreditnota (381) eller noget andet.',
  },
  'BR-05': {
    en: 'The invoice currency is missing. Give the currency of the amounts as a three-letter code such as EUR, SEK or NOK.',
    fi: 'Laskun valuutta puuttuu. Anna summien valuutta kolmikirjaimisena koodina, kuten EUR, SEK tai NOK.',
    sv: 'Fakturans valuta saknas. Ange beloppens valuta som en kod med tre bokstäver, till exempel EUR, SEK eller NOK.',
    nb: 'Fakturavalutaen mangler. Oppgi valutaen for beløpene som en kode på tre bokstaver, for eksempel EUR, SEK eller NOK.',
    da: 'Fakturaens valuta mangler. Angiv beløbenes valuta som en kode på tre bogstaver, fx DKK, EUR eller SEK.',
  },
  'BR-06': {
    en: "The seller's name is missing. Add the name of the seller (your company).",
    fi: 'Myyjän nimi puuttuu. Lisää myyjän (oman yrityksesi) nimi.',
    sv: 'Säljarens namn saknas. Lägg till säljarens (ditt företags) namn.',
    nb: 'Selgerens navn mangler. Legg til selgerens (ditt firmas) navn.',
    da: 'Sælgerens navn mangler. Tilføj navnet på sælgeren (din virksomhed).',
  },
  'BR-07': {
    en: "The buyer's name is missing. Add the name of the customer the invoice is for.",
    fi: 'Ostajan nimi puuttuu. Lisää sen asiakkaan nimi, jolle lasku on.',
    sv: 'Köparens namn saknas. Lägg till namnet på kunden som fakturan gäller.',
    nb: 'Kjøperens navn mangler. Legg til navnet på kunden fakturaen gjelder.',
    da: 'Køberens navn mangler. Tilføj navnet på den kunde, fakturaen er til.',
  },
  'BR-08': {
    en: "The seller's postal address is missing.",
    fi: 'Myyjän postiosoite puuttuu.',
    sv: 'Säljarens postadress saknas.',
    nb: 'Selgerens postadresse mangler.',
    da: 'Sælgerens postadresse mangler.',
  },
  'BR-09': {
    en: "The seller's address has no country code. Add it as a two-letter code such as FI, SE or NO.",
    fi: 'Myyjän osoitteesta puuttuu maakoodi. Lisää se kaksikirjaimisena koodina, kuten FI, SE tai NO.',
    sv: 'Säljarens adress saknar landskod. Lägg till den som en kod med två bokstäver, till exempel FI, SE eller NO.',
    nb: 'Selgerens adresse mangler landkode. Legg den til som en kode på to bokstaver, for eksempel FI, SE eller NO.',
    da: 'Sælgerens adresse har ingen landekode. Tilføj den som en kode på to bogstaver, fx DK, SE eller NO.',
  },
  'BR-10': {
    en: "The buyer's postal address is missing.",
    fi: 'Ostajan postiosoite puuttuu.',
    sv: 'Köparens postadress saknas.',
    nb: 'Kjøperens postadresse mangler.',
    da: 'Køberens postadresse mangler.',
  },
  'BR-11': {
    en: "The buyer's address has no country code. Add it as a two-letter code such as FI, SE or NO.",
    fi: 'Ostajan osoitteesta puuttuu maakoodi. Lisää se kaksikirjaimisena koodina, kuten FI, SE tai NO.',
    sv: 'Köparens adress saknar landskod. Lägg till den som en kod med två bokstäver, till exempel FI, SE eller NO.',
    nb: 'Kjøperens adresse mangler landkode. Legg den til som en kode på to bokstaver, for eksempel FI, SE eller NO.',
    da: 'Køberens adresse har ingen landekode. Tilføj den som en kode på to bogstaver, fx DK, SE eller NO.',
  },
  'BR-12': {
    en: "The invoice totals lack the sum of the invoice lines' net amounts.",
    fi: 'Laskun loppusummista puuttuu laskurivien nettosummien summa.',
    sv: 'Fakturans totalbelopp saknar summan av fakturaradernas nettobelopp.',
    nb: 'Fakturaens totalbeløp mangler summen av fakturalinjenes nettobeløp.',
    da: 'Fakturaens totaler mangler summen af fakturalinjernes nettobeløb.',
  },
  'BR-13': {
    en: 'The invoice totals lack the invoice total without VAT.',
    fi: 'Laskun loppusummista puuttuu veroton kokonaissumma.',
    sv: 'Fakturans totalbelopp saknar totalbeloppet exklusive moms.',
    nb: 'Fakturaens totalbeløp mangler totalbeløpet uten mva.',
    da: 'Fakturaens totaler mangler fakturabeløbet uden moms.',
  },
  'BR-14': {
    en: 'The invoice totals lack the invoice total with VAT.',
    fi: 'Laskun loppusummista puuttuu verollinen kokonaissumma.',
    sv: 'Fakturans totalbelopp saknar totalbeloppet inklusive moms.',
    nb: 'Fakturaens totalbeløp mangler totalbeløpet med mva.',
    da: 'Fakturaens totaler mangler fakturabeløbet med moms.',
  },
  'BR-15': {
    en: 'The invoice totals lack the amount due for payment.',
    fi: 'Laskun loppusummista puuttuu maksettava summa.',
    sv: 'Fakturans totalbelopp saknar beloppet att betala.',
    nb: 'Fakturaens totalbeløp mangler beløpet til betaling.',
    da: 'Fakturaens totaler mangler beløbet til betaling.',
  },
  'BR-16': {
    en: 'The invoice has no lines. It needs at least one invoice line saying what is billed.',
    fi: 'Laskulla ei ole yhtään riviä. Siinä täytyy olla vähintään yksi laskurivi, joka kertoo, mitä laskutetaan.',
    sv: 'Fakturan har inga rader. Den behöver minst en fakturarad som anger vad som faktureras.',
    nb: 'Fakturaen har ingen linjer. Den må ha minst én fakturalinje som sier hva som faktureres.',
    da: 'Fakturaen har ingen linjer. Den skal have mindst én fakturalinje, der angiver, hvad der faktureres.',
  },

  // EN 16931: conditions and calculations.
  'BR-CO-03': {
    en: 'Give the time VAT becomes due either as a date or as a code, not both.',
    fi: 'Anna arvonlisäveron ajankohta joko päivämääränä tai koodina, ei molempina.',
    sv: 'Ange tidpunkten då momsen ska redovisas antingen som datum eller som kod, inte båda.',
    nb: 'Oppgi tidspunktet for mva-plikten enten som dato eller som kode, ikke begge.',
    da: 'Angiv tidspunktet, hvor momsen forfalder, enten som en dato eller som en kode, ikke begge dele.',
  },
  'BR-CO-04': {
    en: 'Every invoice line needs a VAT category code (such as S for taxable sales, Z, E or AE).',
    fi: 'Jokaisella laskurivillä täytyy olla ALV-luokan koodi (esimerkiksi S verolliselle myynnille, Z, E tai AE).',
    sv: 'Varje fakturarad behöver en momskategorikod (till exempel S för momspliktig försäljning, Z, E eller AE).',
    nb: 'Hver fakturalinje må ha en mva-kategorikode (for eksempel S for avgiftspliktig salg, Z, E eller AE).',
    da: 'Hver fakturalinje skal have en momskategorikode (fx S for momspligtigt salg, Z, E eller AE).',
  },
  'BR-CO-05': {
    en: 'A document-level allowance has a reason code and a reason text that do not mean the same thing. Make them agree, or give only one.',
    fi: 'Koko laskun alennuksen syykoodi ja syyteksti eivät tarkoita samaa. Yhdenmukaista ne tai anna vain toinen.',
    sv: 'En rabatt på dokumentnivå har en orsakskod och en orsakstext som inte betyder samma sak. Gör dem samstämmiga, eller ange bara den ena.',
    nb: 'En rabatt på dokumentnivå har en årsakskode og en årsakstekst som ikke betyr det samme. Gjør dem samstemte, eller oppgi bare én av dem.',
    da: 'En rabat på dokumentniveau har en årsagskode og en årsagstekst, der ikke betyder det samme. Få dem til at stemme overens, eller angiv kun én.',
  },
  'BR-CO-06': {
    en: 'A document-level charge has a reason code and a reason text that do not mean the same thing. Make them agree, or give only one.',
    fi: 'Koko laskun lisäkulun syykoodi ja syyteksti eivät tarkoita samaa. Yhdenmukaista ne tai anna vain toinen.',
    sv: 'En avgift på dokumentnivå har en orsakskod och en orsakstext som inte betyder samma sak. Gör dem samstämmiga, eller ange bara den ena.',
    nb: 'Et gebyr på dokumentnivå har en årsakskode og en årsakstekst som ikke betyr det samme. Gjør dem samstemte, eller oppgi bare én av dem.',
    da: 'Et gebyr på dokumentniveau har en årsagskode og en årsagstekst, der ikke betyder det samme. Få dem til at stemme overens, eller angiv kun én.',
  },
  'BR-CO-07': {
    en: 'An allowance on an invoice line has a reason code and a reason text that do not mean the same thing. Make them agree, or give only one.',
    fi: 'Laskurivin alennuksen syykoodi ja syyteksti eivät tarkoita samaa. Yhdenmukaista ne tai anna vain toinen.',
    sv: 'En rabatt på en fakturarad har en orsakskod och en orsakstext som inte betyder samma sak. Gör dem samstämmiga, eller ange bara den ena.',
    nb: 'En rabatt på en fakturalinje har en årsakskode og en årsakstekst som ikke betyr det samme. Gjør dem samstemte, eller oppgi bare én av dem.',
    da: 'En rabat på en fakturalinje har en årsagskode og en årsagstekst, der ikke betyder det samme. Få dem til at stemme overens, eller angiv kun én.',
  },
  'BR-CO-08': {
    en: 'A charge on an invoice line has a reason code and a reason text that do not mean the same thing. Make them agree, or give only one.',
    fi: 'Laskurivin lisäkulun syykoodi ja syyteksti eivät tarkoita samaa. Yhdenmukaista ne tai anna vain toinen.',
    sv: 'En avgift på en fakturarad har en orsakskod och en orsakstext som inte betyder samma sak. Gör dem samstämmiga, eller ange bara den ena.',
    nb: 'Et gebyr på en fakturalinje har en årsakskode og en årsakstekst som ikke betyr det samme. Gjør dem samstemte, eller oppgi bare én av dem.',
    da: 'Et gebyr på en fakturalinje har en årsagskode og en årsagstekst, der ikke betyder det samme. Få dem til at stemme overens, eller angiv kun én.',
  },
  'BR-CO-09': {
    en: 'A VAT identifier must start with the two-letter code of the country that issued it, such as FI12345678 (Greece uses EL).',
    fi: 'ALV-tunnisteen täytyy alkaa myöntäjämaan kaksikirjaimisella maakoodilla, esimerkiksi FI12345678 (Kreikka käyttää EL).',
    sv: 'Ett momsregistreringsnummer måste börja med landskoden med två bokstäver för landet som utfärdade det, till exempel SE556677889901 (Grekland använder EL).',
    nb: 'Et mva-nummer må begynne med landkoden på to bokstaver for landet som utstedte det, for eksempel NO999999999MVA (Hellas bruker EL).',
    da: 'Et momsnummer skal begynde med landekoden på to bogstaver for det land, der har udstedt det, fx DK12345678 (Grækenland bruger EL).',
  },
  'BR-CO-10': {
    en: "The sum of line net amounts in the invoice totals does not equal the sum of the invoice lines' net amounts. Recalculate it from the lines.",
    fi: 'Laskun loppusummien rivisumma ei vastaa laskurivien nettosummien summaa. Laske se uudelleen riveistä.',
    sv: 'Summan av radernas nettobelopp i totalbeloppen stämmer inte med fakturaradernas nettobelopp. Räkna om den från raderna.',
    nb: 'Summen av linjenes nettobeløp i totalbeløpene stemmer ikke med fakturalinjenes nettobeløp. Regn den ut på nytt fra linjene.',
    da: 'Summen af linjernes nettobeløb i fakturaens totaler er ikke lig med summen af fakturalinjernes nettobeløb. Beregn den igen ud fra linjerne.',
  },
  'BR-CO-11': {
    en: 'The total of document-level allowances does not equal the sum of the allowances given.',
    fi: 'Koko laskun alennusten yhteissumma ei vastaa annettujen alennusten summaa.',
    sv: 'Summan av rabatter på dokumentnivå stämmer inte med de angivna rabatterna.',
    nb: 'Summen av rabatter på dokumentnivå stemmer ikke med rabattene som er oppgitt.',
    da: 'Totalen for rabatter på dokumentniveau er ikke lig med summen af de angivne rabatter.',
  },
  'BR-CO-12': {
    en: 'The total of document-level charges does not equal the sum of the charges given.',
    fi: 'Koko laskun lisäkulujen yhteissumma ei vastaa annettujen lisäkulujen summaa.',
    sv: 'Summan av avgifter på dokumentnivå stämmer inte med de angivna avgifterna.',
    nb: 'Summen av gebyrer på dokumentnivå stemmer ikke med gebyrene som er oppgitt.',
    da: 'Totalen for gebyrer på dokumentniveau er ikke lig med summen af de angivne gebyrer.',
  },
  'BR-CO-13': {
    en: 'The invoice total without VAT must be the sum of the line net amounts, less the document-level allowances, plus the document-level charges. The figures do not add up.',
    fi: 'Verottoman kokonaissumman täytyy olla rivien nettosummien summa vähennettynä koko laskun alennuksilla ja lisättynä koko laskun lisäkuluilla. Luvut eivät täsmää.',
    sv: 'Totalbeloppet exklusive moms måste vara summan av radernas nettobelopp, minus rabatter och plus avgifter på dokumentnivå. Siffrorna går inte ihop.',
    nb: 'Totalbeløpet uten mva må være summen av linjenes nettobeløp, minus rabatter og pluss gebyrer på dokumentnivå. Tallene går ikke opp.',
    da: 'Fakturabeløbet uden moms skal være summen af linjernes nettobeløb minus rabatter på dokumentniveau plus gebyrer på dokumentniveau. Tallene stemmer ikke.',
  },
  'BR-CO-14': {
    en: "The invoice's total VAT does not equal the sum of the VAT amounts in the VAT breakdown.",
    fi: 'Laskun arvonlisäveron kokonaismäärä ei vastaa ALV-erittelyn verosummien summaa.',
    sv: 'Fakturans totala moms stämmer inte med summan av momsbeloppen i momsspecifikationen.',
    nb: 'Fakturaens totale mva stemmer ikke med summen av mva-beløpene i mva-spesifikasjonen.',
    da: 'Fakturaens samlede moms er ikke lig med summen af momsbeløbene i momsspecifikationen.',
  },
  'BR-CO-15': {
    en: 'The invoice total with VAT must equal the total without VAT plus the total VAT. The figures do not add up.',
    fi: 'Verollisen kokonaissumman täytyy olla veroton kokonaissumma lisättynä arvonlisäveron kokonaismäärällä. Luvut eivät täsmää.',
    sv: 'Totalbeloppet inklusive moms måste vara totalbeloppet exklusive moms plus den totala momsen. Siffrorna går inte ihop.',
    nb: 'Totalbeløpet med mva må være totalbeløpet uten mva pluss total mva. Tallene går ikke opp.',
    da: 'Fakturabeløbet med moms skal være lig med beløbet uden moms plus den samlede moms. Tallene stemmer ikke.',
  },
  'BR-CO-16': {
    en: 'The amount due must be the total with VAT, less any amount already paid, plus any rounding amount. The figures do not add up.',
    fi: 'Maksettavan summan täytyy olla verollinen kokonaissumma vähennettynä jo maksetulla summalla ja lisättynä mahdollisella pyöristyksellä. Luvut eivät täsmää.',
    sv: 'Beloppet att betala måste vara totalbeloppet inklusive moms, minus redan betalt belopp, plus eventuell avrundning. Siffrorna går inte ihop.',
    nb: 'Beløpet til betaling må være totalbeløpet med mva, minus beløp som allerede er betalt, pluss eventuell avrunding. Tallene går ikke opp.',
    da: 'Beløbet til betaling skal være beløbet med moms minus et eventuelt allerede betalt beløb plus en eventuel afrunding. Tallene stemmer ikke.',
  },
  'BR-CO-17': {
    en: 'In the VAT breakdown, the VAT amount of a category must be its taxable amount times its rate, rounded to two decimals.',
    fi: 'ALV-erittelyssä kunkin luokan veron määrän täytyy olla veron peruste kerrottuna verokannalla, pyöristettynä kahteen desimaaliin.',
    sv: 'I momsspecifikationen måste momsbeloppet för en kategori vara dess beskattningsunderlag gånger skattesatsen, avrundat till två decimaler.',
    nb: 'I mva-spesifikasjonen må mva-beløpet for en kategori være grunnlaget ganget med satsen, avrundet til to desimaler.',
    da: 'I momsspecifikationen skal en kategoris momsbeløb være dens momsgrundlag gange dens sats, afrundet til to decimaler.',
  },
  'BR-CO-18': {
    en: 'The invoice has no VAT breakdown. It needs at least one, with the taxable amount and the VAT for each category and rate.',
    fi: 'Laskulla ei ole ALV-erittelyä. Siinä täytyy olla vähintään yksi, jossa on veron peruste ja vero kullekin luokalle ja verokannalle.',
    sv: 'Fakturan saknar momsspecifikation. Den behöver minst en, med beskattningsunderlag och moms för varje kategori och skattesats.',
    nb: 'Fakturaen mangler mva-spesifikasjon. Den må ha minst én, med grunnlag og mva for hver kategori og sats.',
    da: 'Fakturaen har ingen momsspecifikation. Den skal have mindst én med momsgrundlaget og momsen for hver kategori og sats.',
  },
  'BR-CO-19': {
    en: 'An invoicing period is given without a start or an end date. Give at least one of them, or leave the period out.',
    fi: 'Laskutuskausi on annettu ilman alku- tai loppupäivää. Anna ainakin toinen tai jätä kausi pois.',
    sv: 'En faktureringsperiod anges utan start- eller slutdatum. Ange minst ett av dem, eller ta bort perioden.',
    nb: 'En faktureringsperiode er oppgitt uten start- eller sluttdato. Oppgi minst én av dem, eller fjern perioden.',
    da: 'En faktureringsperiode er angivet uden start- eller slutdato. Angiv mindst én af dem, eller udelad perioden.',
  },
  'BR-CO-20': {
    en: "An invoice line's period is given without a start or an end date. Give at least one of them, or leave the period out.",
    fi: 'Laskurivin kausi on annettu ilman alku- tai loppupäivää. Anna ainakin toinen tai jätä kausi pois.',
    sv: 'En fakturarads period anges utan start- eller slutdatum. Ange minst ett av dem, eller ta bort perioden.',
    nb: 'En fakturalinjes periode er oppgitt uten start- eller sluttdato. Oppgi minst én av dem, eller fjern perioden.',
    da: 'En fakturalinjes periode er angivet uden start- eller slutdato. Angiv mindst én af dem, eller udelad perioden.',
  },
  'BR-CO-21': {
    en: 'A document-level allowance needs a reason: a text, a code, or both.',
    fi: 'Koko laskun alennukselle täytyy antaa syy: teksti, koodi tai molemmat.',
    sv: 'En rabatt på dokumentnivå behöver en orsak: en text, en kod eller båda.',
    nb: 'En rabatt på dokumentnivå må ha en årsak: en tekst, en kode eller begge.',
    da: 'En rabat på dokumentniveau skal have en årsag: en tekst, en kode eller begge dele.',
  },
  'BR-CO-22': {
    en: 'A document-level charge needs a reason: a text, a code, or both.',
    fi: 'Koko laskun lisäkululle täytyy antaa syy: teksti, koodi tai molemmat.',
    sv: 'En avgift på dokumentnivå behöver en orsak: en text, en kod eller båda.',
    nb: 'Et gebyr på dokumentnivå må ha en årsak: en tekst, en kode eller begge.',
    da: 'Et gebyr på dokumentniveau skal have en årsag: en tekst, en kode eller begge dele.',
  },
  'BR-CO-23': {
    en: 'An allowance on an invoice line needs a reason: a text, a code, or both.',
    fi: 'Laskurivin alennukselle täytyy antaa syy: teksti, koodi tai molemmat.',
    sv: 'En rabatt på en fakturarad behöver en orsak: en text, en kod eller båda.',
    nb: 'En rabatt på en fakturalinje må ha en årsak: en tekst, en kode eller begge.',
    da: 'En rabat på en fakturalinje skal have en årsag: en tekst, en kode eller begge dele.',
  },
  'BR-CO-24': {
    en: 'A charge on an invoice line needs a reason: a text, a code, or both.',
    fi: 'Laskurivin lisäkululle täytyy antaa syy: teksti, koodi tai molemmat.',
    sv: 'En avgift på en fakturarad behöver en orsak: en text, en kod eller båda.',
    nb: 'Et gebyr på en fakturalinje må ha en årsak: en tekst, en kode eller begge.',
    da: 'Et gebyr på en fakturalinje skal have en årsag: en tekst, en kode eller begge dele.',
  },
  'BR-CO-26': {
    en: "The buyer cannot identify the seller automatically: give the seller's identifier, legal registration identifier (business ID) or VAT identifier.",
    fi: 'Ostaja ei voi tunnistaa myyjää automaattisesti: anna myyjän tunniste, Y-tunnus tai ALV-tunniste.',
    sv: 'Köparen kan inte identifiera säljaren automatiskt: ange säljarens identifierare, organisationsnummer eller momsregistreringsnummer.',
    nb: 'Kjøperen kan ikke identifisere selgeren automatisk: oppgi selgerens identifikator, organisasjonsnummer eller mva-nummer.',
    da: 'Køberen kan ikke identificere sælgeren automatisk: angiv sælgerens identifikator, juridiske registreringsnummer (CVR-nummer) eller momsnummer.',
  },

  // Peppol BIS Billing 3.0.
  'PEPPOL-EN16931-R001': {
    en: 'The business process identifier (ProfileID) is missing. For an ordinary Peppol invoice it is urn:fdc:peppol.eu:2017:poacc:billing:01:1.0.',
    fi: 'Liiketoimintaprosessin tunniste (ProfileID) puuttuu. Tavallisella Peppol-laskulla se on urn:fdc:peppol.eu:2017:poacc:billing:01:1.0.',
    sv: 'Affärsprocessens identifierare (ProfileID) saknas. För en vanlig Peppol-faktura är den urn:fdc:peppol.eu:2017:poacc:billing:01:1.0.',
    nb: 'Identifikatoren for forretningsprosessen (ProfileID) mangler. For en vanlig Peppol-faktura er den urn:fdc:peppol.eu:2017:poacc:billing:01:1.0.',
    da: 'Identifikatoren for forretningsprocessen (ProfileID) mangler. For en almindelig Peppol-faktura er den urn:fdc:peppol.eu:2017:poacc:billing:01:1.0.',
  },
  'PEPPOL-EN16931-R002': {
    en: 'Peppol allows only one note on document level (unless both the buyer and the seller are German). Join the notes into one.',
    fi: 'Peppol sallii koko laskun tasolla vain yhden huomautuksen (ellei sekä ostaja että myyjä ole saksalainen). Yhdistä huomautukset yhdeksi.',
    sv: 'Peppol tillåter bara en anteckning på dokumentnivå (utom när både köparen och säljaren är tyska). Slå ihop anteckningarna till en.',
    nb: 'Peppol tillater bare én merknad på dokumentnivå (med mindre både kjøperen og selgeren er tyske). Slå sammen merknadene til én.',
    da: 'Peppol tillader kun én note på dokumentniveau (medmindre både køber og sælger er tyske). Saml noterne i én.',
  },
  'PEPPOL-EN16931-R003': {
    en: "Give the buyer's reference (such as the buyer's contact person or cost centre) or the purchase order number: Peppol requires one of them.",
    fi: 'Anna ostajan viite (esimerkiksi ostajan yhteyshenkilö tai kustannuspaikka) tai ostotilauksen numero: Peppol vaatii toisen niistä.',
    sv: 'Ange köparens referens (till exempel köparens kontaktperson eller kostnadsställe) eller inköpsordernumret: Peppol kräver det ena av dem.',
    nb: 'Oppgi kjøperens referanse (for eksempel kjøperens kontaktperson eller kostnadssted) eller innkjøpsordrenummeret: Peppol krever én av dem.',
    da: 'Angiv køberens reference (fx køberens kontaktperson eller omkostningssted) eller indkøbsordrenummeret: Peppol kræver en af dem.',
  },
  'PEPPOL-EN16931-R004': {
    en: 'A Peppol BIS 3 invoice must have exactly this specification identifier: urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0.',
    fi: 'Peppol BIS 3 -laskun määrityksen tunnisteen täytyy olla täsmälleen urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0.',
    sv: 'En Peppol BIS 3-faktura måste ha exakt denna specifikationsidentifierare: urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0.',
    nb: 'En Peppol BIS 3-faktura må ha nøyaktig denne spesifikasjonsidentifikatoren: urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0.',
    da: 'En Peppol BIS 3-faktura skal have præcis denne specifikationsidentifikator: urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0.',
  },
  'PEPPOL-EN16931-R005': {
    en: 'The VAT accounting currency is given but is the same as the invoice currency. Give it only when VAT is accounted in another currency.',
    fi: 'ALV:n kirjanpitovaluutta on annettu, mutta se on sama kuin laskun valuutta. Anna se vain, kun arvonlisävero kirjataan eri valuutassa.',
    sv: 'Redovisningsvalutan för moms anges men är samma som fakturans valuta. Ange den bara när momsen redovisas i en annan valuta.',
    nb: 'Regnskapsvalutaen for mva er oppgitt, men er den samme som fakturavalutaen. Oppgi den bare når mva regnskapsføres i en annen valuta.',
    da: 'Valutaen for momsregnskabet er angivet, men er den samme som fakturaens valuta. Angiv den kun, når momsen bogføres i en anden valuta.',
  },
  'PEPPOL-EN16931-R006': {
    en: 'Only one invoiced object (an additional document reference with type code 130) may be given on document level.',
    fi: 'Koko laskun tasolla saa antaa vain yhden laskutettavan kohteen (lisäviite, jonka tyyppikoodi on 130).',
    sv: 'Bara ett fakturerat objekt (en extra dokumentreferens med typkod 130) får anges på dokumentnivå.',
    nb: 'Bare ett fakturert objekt (en tilleggsreferanse med typekode 130) kan oppgis på dokumentnivå.',
    da: 'Der må kun angives ét faktureret objekt (en supplerende dokumentreference med typekode 130) på dokumentniveau.',
  },
  'PEPPOL-EN16931-R007': {
    en: "The business process identifier (ProfileID) is not in Peppol's form urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0, where NN is the process number (usually 01).",
    fi: 'Liiketoimintaprosessin tunniste (ProfileID) ei ole Peppolin muodossa urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0, jossa NN on prosessin numero (yleensä 01).',
    sv: 'Affärsprocessens identifierare (ProfileID) har inte Peppols form urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0, där NN är processens nummer (oftast 01).',
    nb: 'Identifikatoren for forretningsprosessen (ProfileID) har ikke Peppols form urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0, der NN er prosessnummeret (vanligvis 01).',
    da: 'Identifikatoren for forretningsprocessen (ProfileID) har ikke Peppols form urn:fdc:peppol.eu:2017:poacc:billing:NN:1.0, hvor NN er procesnummeret (som regel 01).',
  },
  'PEPPOL-EN16931-R008': {
    en: 'The document has an empty element. Leave out elements that have no value instead of leaving them empty.',
    fi: 'Asiakirjassa on tyhjä elementti. Jätä arvottomat elementit kokonaan pois sen sijaan, että jätät ne tyhjiksi.',
    sv: 'Dokumentet har ett tomt element. Utelämna element som saknar värde i stället för att lämna dem tomma.',
    nb: 'Dokumentet har et tomt element. Utelat elementer uten verdi i stedet for å la dem stå tomme.',
    da: 'Dokumentet har et tomt element. Udelad elementer uden værdi i stedet for at lade dem stå tomme.',
  },
  'PEPPOL-EN16931-R040': {
    en: 'An allowance or charge gives a base amount and a percentage, but its amount is not the base amount times the percentage divided by 100.',
    fi: 'Alennuksella tai lisäkululla on perustesumma ja prosentti, mutta sen summa ei ole perustesumma kerrottuna prosentilla ja jaettuna sadalla.',
    sv: 'En rabatt eller avgift anger grundbelopp och procentsats, men beloppet är inte grundbeloppet gånger procentsatsen delat med 100.',
    nb: 'En rabatt eller et gebyr oppgir grunnlag og prosentsats, men beløpet er ikke grunnlaget ganget med prosentsatsen delt på 100.',
    da: 'En rabat eller et gebyr angiver et grundbeløb og en procentsats, men beløbet er ikke grundbeløbet gange procentsatsen divideret med 100.',
  },
  'PEPPOL-EN16931-R041': {
    en: 'An allowance or charge gives a percentage but no base amount: give the amount the percentage is taken of.',
    fi: 'Alennuksella tai lisäkululla on prosentti mutta ei perustesummaa: anna summa, josta prosentti lasketaan.',
    sv: 'En rabatt eller avgift anger en procentsats men inget grundbelopp: ange beloppet som procentsatsen räknas på.',
    nb: 'En rabatt eller et gebyr oppgir en prosentsats, men ikke grunnlag: oppgi beløpet prosentsatsen regnes av.',
    da: 'En rabat eller et gebyr angiver en procentsats, men intet grundbeløb: angiv det beløb, procentsatsen beregnes af.',
  },
  'PEPPOL-EN16931-R042': {
    en: 'An allowance or charge gives a base amount but no percentage: give the percentage too, or leave the base amount out.',
    fi: 'Alennuksella tai lisäkululla on perustesumma mutta ei prosenttia: anna myös prosentti tai jätä perustesumma pois.',
    sv: 'En rabatt eller avgift anger ett grundbelopp men ingen procentsats: ange procentsatsen också, eller ta bort grundbeloppet.',
    nb: 'En rabatt eller et gebyr oppgir grunnlag, men ingen prosentsats: oppgi prosentsatsen også, eller fjern grunnlaget.',
    da: 'En rabat eller et gebyr angiver et grundbeløb, men ingen procentsats: angiv også procentsatsen, eller udelad grundbeløbet.',
  },
  'PEPPOL-EN16931-R043': {
    en: 'The charge indicator of an allowance or charge must be exactly true (a charge) or false (an allowance).',
    fi: 'Alennuksen tai lisäkulun ChargeIndicator-arvon täytyy olla täsmälleen true (lisäkulu) tai false (alennus).',
    sv: 'ChargeIndicator för en rabatt eller avgift måste vara exakt true (avgift) eller false (rabatt).',
    nb: 'ChargeIndicator for en rabatt eller et gebyr må være nøyaktig true (gebyr) eller false (rabatt).',
    da: 'Gebyrindikatoren for en rabat eller et gebyr skal være præcis true (et gebyr) eller false (en rabat).',
  },
  'PEPPOL-EN16931-R044': {
    en: 'Peppol does not allow a charge on the item price; only a price discount (charge indicator false) may be given there. Put the charge on the invoice line instead.',
    fi: 'Peppol ei salli lisäkulua nimikkeen hinnassa; siinä voi antaa vain hinnanalennuksen (ChargeIndicator false). Anna lisäkulu laskurivillä.',
    sv: 'Peppol tillåter inte avgifter på artikelpriset; där får bara en prisrabatt (ChargeIndicator false) anges. Lägg avgiften på fakturaraden i stället.',
    nb: 'Peppol tillater ikke gebyr på varens pris; der kan bare en prisrabatt (ChargeIndicator false) oppgis. Legg gebyret på fakturalinjen i stedet.',
    da: 'Peppol tillader ikke et gebyr på varens pris; kun en prisrabat (gebyrindikator false) må angives der. Læg gebyret på fakturalinjen i stedet.',
  },
  'PEPPOL-EN16931-R046': {
    en: "When a gross price is given, the item's net price must be the gross price less the price discount.",
    fi: 'Kun bruttohinta on annettu, nimikkeen nettohinnan täytyy olla bruttohinta vähennettynä hinnanalennuksella.',
    sv: 'När ett bruttopris anges måste artikelns nettopris vara bruttopriset minus prisrabatten.',
    nb: 'Når en bruttopris er oppgitt, må varens nettopris være bruttoprisen minus prisrabatten.',
    da: 'Når en bruttopris er angivet, skal varens nettopris være bruttoprisen minus prisrabatten.',
  },
  'PEPPOL-EN16931-R053': {
    en: 'Give the VAT breakdown in one tax total only; a second tax total (the VAT in the accounting currency) must have no breakdown.',
    fi: 'Anna ALV-erittely vain yhdessä verojen yhteissummassa; toisessa (arvonlisävero kirjanpitovaluutassa) ei saa olla erittelyä.',
    sv: 'Ange momsspecifikationen i bara en skattesumma; en andra skattesumma (momsen i redovisningsvalutan) får inte ha någon specifikation.',
    nb: 'Oppgi mva-spesifikasjonen i bare én skattesum; en andre skattesum (mva i regnskapsvalutaen) kan ikke ha spesifikasjon.',
    da: 'Angiv kun momsspecifikationen i én momstotal; en anden momstotal (momsen i regnskabsvalutaen) må ikke have nogen specifikation.',
  },
  'PEPPOL-EN16931-R120': {
    en: "An invoice line's net amount must be the quantity times the net price (per price base quantity), plus the line's charges, less its allowances. The figures do not add up.",
    fi: 'Laskurivin nettosumman täytyy olla määrä kerrottuna nettohinnalla (hinnan perusmäärää kohden), lisättynä rivin lisäkuluilla ja vähennettynä sen alennuksilla. Luvut eivät täsmää.',
    sv: 'En fakturarads nettobelopp måste vara kvantiteten gånger nettopriset (per prisets basmängd), plus radens avgifter, minus dess rabatter. Siffrorna går inte ihop.',
    nb: 'En fakturalinjes nettobeløp må være mengden ganget med nettoprisen (per prisens basismengde), pluss linjens gebyrer, minus dens rabatter. Tallene går ikke opp.',
    da: 'En fakturalinjes nettobeløb skal være antallet gange nettoprisen (pr. prisens basisantal) plus linjens gebyrer minus dens rabatter. Tallene stemmer ikke.',
  },
  'PEPPOL-EN16931-R121': {
    en: 'The price base quantity must be a number above zero (such as 1).',
    fi: 'Hinnan perusmäärän täytyy olla nollaa suurempi luku (esimerkiksi 1).',
    sv: 'Prisets basmängd måste vara ett tal större än noll (till exempel 1).',
    nb: 'Prisens basismengde må være et tall større enn null (for eksempel 1).',
    da: 'Prisens basisantal skal være et tal over nul (fx 1).',
  },
  'PEPPOL-COMMON-R040': {
    en: 'A GLN (scheme 0088) is not valid: it must have 13 digits, the last one the GS1 check digit. Check the number with the party it belongs to.',
    fi: 'GLN-tunniste (tunnistetyyppi 0088) ei kelpaa: siinä täytyy olla 13 numeroa, joista viimeinen on GS1-tarkistenumero. Tarkista numero sen omistajalta.',
    sv: 'Ett GLN (schema 0088) är inte giltigt: det måste ha 13 siffror, där den sista är GS1-kontrollsiffran. Kontrollera numret med parten det tillhör.',
    nb: 'Et GLN (skjema 0088) er ikke gyldig: det må ha 13 sifre, der det siste er GS1-kontrollsifferet. Kontroller nummeret med parten det tilhører.',
    da: 'Et GLN/EAN-nummer (skema 0088) er ugyldigt: det skal have 13 cifre, hvor det sidste er GS1-kontrolcifferet. Kontroller nummeret med den part, det tilhører.',
  },
  'PEPPOL-COMMON-R041': {
    en: 'A Norwegian organisation number (scheme 0192) is not valid: it must have 9 digits with a correct check digit (modulus 11).',
    fi: 'Norjalainen organisaationumero (tunnistetyyppi 0192) ei kelpaa: siinä täytyy olla 9 numeroa ja oikea tarkistenumero (modulo 11).',
    sv: 'Ett norskt organisationsnummer (schema 0192) är inte giltigt: det måste ha 9 siffror med korrekt kontrollsiffra (modulus 11).',
    nb: 'Et norsk organisasjonsnummer (skjema 0192) er ikke gyldig: det må ha 9 sifre med riktig kontrollsiffer (modulus 11).',
    da: 'Et norsk organisationsnummer (skema 0192) er ugyldigt: det skal have 9 cifre med et korrekt kontrolciffer (modulus 11).',
  },
  'PEPPOL-COMMON-R049': {
    en: 'A Swedish organisation number (scheme 0007) is not valid: it must have 10 digits with a correct check digit (the Luhn algorithm).',
    fi: 'Ruotsalainen organisaationumero (tunnistetyyppi 0007) ei kelpaa: siinä täytyy olla 10 numeroa ja oikea tarkistenumero (Luhnin algoritmi).',
    sv: 'Ett svenskt organisationsnummer (schema 0007) är inte giltigt: det måste ha 10 siffror med korrekt kontrollsiffra (Luhn-algoritmen).',
    nb: 'Et svensk organisasjonsnummer (skjema 0007) er ikke gyldig: det må ha 10 sifre med riktig kontrollsiffer (Luhn-algoritmen).',
    da: 'Et svensk organisationsnummer (skema 0007) er ugyldigt: det skal have 10 cifre med et korrekt kontrolciffer (Luhn-algoritmen).',
  },

  // This app's own: a rule set that could not run to its end.
  'RULES-STOPPED': {
    en: 'A value is not in the form the format requires (an amount must be written like 1234.50, a date like 2026-01-31), so the rules could not all be checked. Correct it and validate again.',
    fi: 'Jokin arvo ei ole muodossa, jota formaatti edellyttää (summa kirjoitetaan kuten 1234.50, päivämäärä kuten 2026-01-31), joten kaikkia sääntöjä ei voitu tarkistaa. Korjaa arvo ja tarkista lasku uudelleen.',
    sv: 'Ett värde har inte den form som formatet kräver (ett belopp skrivs som 1234.50, ett datum som 2026-01-31), så alla regler kunde inte kontrolleras. Rätta det och validera igen.',
    nb: 'En verdi har ikke formen formatet krever (et beløp skrives som 1234.50, en dato som 2026-01-31), så ikke alle reglene kunne kontrolleres. Rett den og valider på nytt.',
    da: 'En værdi har ikke den form, formatet kræver (et beløb skrives som 1234.50, en dato som 2026-01-31), så ikke alle regler kunne kontrolleres. Ret den, og valider igen.',
  },
};

// The VAT category rules (BR-S, BR-Z, BR-E, BR-AE 01-10) say the same things for each category.
type Category = 'S' | 'Z' | 'E' | 'AE';
type Texts = { en: string; fi: string; sv: string; nb: string; da: string };

const CATEGORY: Record<Category, Texts> = {
  S: { en: 'S (standard rated)', fi: 'S (verollinen)', sv: 'S (momspliktig)', nb: 'S (avgiftspliktig)', da: 'S (momspligtig)' },
  Z: { en: 'Z (zero rated)', fi: 'Z (nollaverokanta)', sv: 'Z (nollskattesats)', nb: 'Z (nullsats)', da: 'Z (nulsats)' },
  E: {
    en: 'E (exempt from VAT)',
    fi: 'E (verosta vapautettu)',
    sv: 'E (undantagen från moms)',
    nb: 'E (unntatt mva)',
    da: 'E (momsfritaget)',
  },
  AE: {
    en: 'AE (reverse charge)',
    fi: 'AE (käännetty verovelvollisuus)',
    sv: 'AE (omvänd skattskyldighet)',
    nb: 'AE (omvendt avgiftsplikt)',
    da: 'AE (omvendt betalingspligt)',
  },
};

/** Where a VAT category is used: an invoice line, a document-level allowance or charge (rules 02-04 and 05-07). */
const WHERE: Texts[] = [
  { en: 'An invoice line', fi: 'Laskurivi', sv: 'En fakturarad', nb: 'En fakturalinje', da: 'En fakturalinje' },
  {
    en: 'A document-level allowance',
    fi: 'Koko laskun alennus',
    sv: 'En rabatt på dokumentnivå',
    nb: 'En rabatt på dokumentnivå',
    da: 'En rabat på dokumentniveau',
  },
  {
    en: 'A document-level charge',
    fi: 'Koko laskun lisäkulu',
    sv: 'En avgift på dokumentnivå',
    nb: 'Et gebyr på dokumentnivå',
    da: 'Et gebyr på dokumentniveau',
  },
];
const RATE_OF: Texts[] = [
  { en: 'an invoice line', fi: 'Laskurivin', sv: 'en fakturarad', nb: 'en fakturalinje', da: 'en fakturalinje' },
  {
    en: 'a document-level allowance',
    fi: 'Koko laskun alennuksen',
    sv: 'en rabatt på dokumentnivå',
    nb: 'en rabatt på dokumentnivå',
    da: 'en rabat på dokumentniveau',
  },
  {
    en: 'a document-level charge',
    fi: 'Koko laskun lisäkulun',
    sv: 'en avgift på dokumentnivå',
    nb: 'et gebyr på dokumentnivå',
    da: 'et gebyr på dokumentniveau',
  },
];

function vatRule(cat: Category, n: number): Texts {
  const c = CATEGORY[cat];
  const s = cat === 'S';
  if (n === 1) {
    return s
      ? {
          en: `An invoice line, allowance or charge is in VAT category ${c.en}, but the VAT breakdown has no entry for it. Add one.`,
          fi: `Laskurivi, alennus tai lisäkulu on ALV-luokassa ${c.fi}, mutta ALV-erittelyssä ei ole sille riviä. Lisää se.`,
          sv: `En fakturarad, rabatt eller avgift har momskategori ${c.sv}, men momsspecifikationen har ingen post för den. Lägg till en.`,
          nb: `En fakturalinje, rabatt eller et gebyr har mva-kategori ${c.nb}, men mva-spesifikasjonen har ingen post for den. Legg til en.`,
          da: `En fakturalinje, en rabat eller et gebyr har momskategori ${c.da}, men momsspecifikationen har ingen post for den. Tilføj en.`,
        }
      : {
          en: `An invoice line, allowance or charge is in VAT category ${c.en}, so the VAT breakdown must have exactly one entry for ${cat}.`,
          fi: `Laskurivi, alennus tai lisäkulu on ALV-luokassa ${c.fi}, joten ALV-erittelyssä täytyy olla täsmälleen yksi rivi luokalle ${cat}.`,
          sv: `En fakturarad, rabatt eller avgift har momskategori ${c.sv}, så momsspecifikationen måste ha exakt en post för ${cat}.`,
          nb: `En fakturalinje, rabatt eller et gebyr har mva-kategori ${c.nb}, så mva-spesifikasjonen må ha nøyaktig én post for ${cat}.`,
          da: `En fakturalinje, en rabat eller et gebyr har momskategori ${c.da}, så momsspecifikationen skal have præcis én post for ${cat}.`,
        };
  }
  if (n >= 2 && n <= 4) {
    const w = WHERE[n - 2] as Texts;
    const ae = cat === 'AE';
    return {
      en: `${w.en} in VAT category ${c.en} requires the seller's VAT identifier (or tax registration identifier, or the tax representative's VAT identifier)${ae ? ", and the buyer's VAT identifier or legal registration identifier" : ''}.`,
      fi: `${w.fi} ALV-luokassa ${c.fi} edellyttää myyjän ALV-tunnistetta (tai verorekisteröintitunnusta tai veroedustajan ALV-tunnistetta)${ae ? ' sekä ostajan ALV-tunnistetta tai Y-tunnusta' : ''}.`,
      sv: `${w.sv} i momskategori ${c.sv} kräver säljarens momsregistreringsnummer (eller skatteregistreringsnummer, eller skatteombudets momsregistreringsnummer)${ae ? ' och köparens momsregistreringsnummer eller organisationsnummer' : ''}.`,
      nb: `${w.nb} i mva-kategori ${c.nb} krever selgerens mva-nummer (eller skatteregistreringsnummer, eller skatterepresentantens mva-nummer)${ae ? ' og kjøperens mva-nummer eller organisasjonsnummer' : ''}.`,
      da: `${w.da} i momskategori ${c.da} kræver sælgerens momsnummer (eller skatteregistreringsnummer eller den skattemæssige repræsentants momsnummer)${ae ? ' samt køberens momsnummer eller CVR-nummer' : ''}.`,
    };
  }
  if (n >= 5 && n <= 7) {
    const w = RATE_OF[n - 5] as Texts;
    return {
      en: `The VAT rate of ${w.en} in VAT category ${c.en} must be ${s ? 'greater than zero' : '0 (zero)'}.`,
      fi: `${w.fi} verokannan täytyy ALV-luokassa ${c.fi} olla ${s ? 'suurempi kuin nolla' : '0 (nolla)'}.`,
      sv: `Skattesatsen för ${w.sv} i momskategori ${c.sv} måste vara ${s ? 'större än noll' : '0 (noll)'}.`,
      nb: `Mva-satsen for ${w.nb} i mva-kategori ${c.nb} må være ${s ? 'større enn null' : '0 (null)'}.`,
      da: `Momssatsen for ${w.da} i momskategori ${c.da} skal være ${s ? 'større end nul' : '0 (nul)'}.`,
    };
  }
  if (n === 8) {
    return {
      en: `The taxable amount in the VAT breakdown for ${c.en}${s ? ' (for each rate)' : ''} must be the net amounts of the lines in it, less the document-level allowances and plus the charges in it. The figures do not add up.`,
      fi: `ALV-erittelyn veron perusteen luokalle ${c.fi}${s ? ' (kullekin verokannalle)' : ''} täytyy olla sen laskurivien nettosummat vähennettynä sen alennuksilla ja lisättynä sen lisäkuluilla. Luvut eivät täsmää.`,
      sv: `Beskattningsunderlaget i momsspecifikationen för ${c.sv}${s ? ' (för varje skattesats)' : ''} måste vara radernas nettobelopp i den, minus rabatter och plus avgifter på dokumentnivå i den. Siffrorna går inte ihop.`,
      nb: `Grunnlaget i mva-spesifikasjonen for ${c.nb}${s ? ' (for hver sats)' : ''} må være linjenes nettobeløp i den, minus rabatter og pluss gebyrer på dokumentnivå i den. Tallene går ikke opp.`,
      da: `Momsgrundlaget i momsspecifikationen for ${c.da}${s ? ' (for hver sats)' : ''} skal være nettobeløbene for linjerne i den minus rabatter og plus gebyrer på dokumentniveau i den. Tallene stemmer ikke.`,
    };
  }
  if (n === 9) {
    return s
      ? {
          en: `The VAT amount in the VAT breakdown for ${c.en} must be the taxable amount times the rate.`,
          fi: `ALV-erittelyn veron määrän luokalle ${c.fi} täytyy olla veron peruste kerrottuna verokannalla.`,
          sv: `Momsbeloppet i momsspecifikationen för ${c.sv} måste vara beskattningsunderlaget gånger skattesatsen.`,
          nb: `Mva-beløpet i mva-spesifikasjonen for ${c.nb} må være grunnlaget ganget med satsen.`,
          da: `Momsbeløbet i momsspecifikationen for ${c.da} skal være momsgrundlaget gange satsen.`,
        }
      : {
          en: `The VAT amount in the VAT breakdown for ${c.en} must be 0 (zero).`,
          fi: `ALV-erittelyn veron määrän luokalle ${c.fi} täytyy olla 0 (nolla).`,
          sv: `Momsbeloppet i momsspecifikationen för ${c.sv} måste vara 0 (noll).`,
          nb: `Mva-beløpet i mva-spesifikasjonen for ${c.nb} må være 0 (null).`,
          da: `Momsbeløbet i momsspecifikationen for ${c.da} skal være 0 (nul).`,
        };
  }
  if (cat === 'E')
    return {
      en: `The VAT breakdown for ${c.en} needs a VAT exemption reason, as a code or a text, saying why no VAT is charged.`,
      fi: `ALV-erittelyn rivi luokalle ${c.fi} tarvitsee verottomuuden syyn koodina tai tekstinä: miksi arvonlisäveroa ei peritä.`,
      sv: `Posten i momsspecifikationen för ${c.sv} behöver ett skäl till momsbefrielse, som kod eller text, som säger varför ingen moms tas ut.`,
      nb: `Posten i mva-spesifikasjonen for ${c.nb} trenger en fritaksgrunn, som kode eller tekst, som sier hvorfor det ikke beregnes mva.`,
      da: `Posten i momsspecifikationen for ${c.da} skal have en årsag til momsfritagelsen, som kode eller tekst, der siger, hvorfor der ikke opkræves moms.`,
    };
  if (cat === 'AE')
    return {
      en: `The VAT breakdown for ${c.en} needs the exemption reason "Reverse charge" (the code VATEX-EU-AE, or the text).`,
      fi: `ALV-erittelyn rivi luokalle ${c.fi} tarvitsee verottomuuden syyksi käännetyn verovelvollisuuden (koodi VATEX-EU-AE tai teksti "Reverse charge").`,
      sv: `Posten i momsspecifikationen för ${c.sv} behöver skälet omvänd skattskyldighet (koden VATEX-EU-AE eller texten "Reverse charge").`,
      nb: `Posten i mva-spesifikasjonen for ${c.nb} trenger fritaksgrunnen omvendt avgiftsplikt (koden VATEX-EU-AE eller teksten "Reverse charge").`,
      da: `Posten i momsspecifikationen for ${c.da} skal have fritagelsesårsagen omvendt betalingspligt (koden VATEX-EU-AE eller teksten "Reverse charge").`,
    };
  return {
    en: `The VAT breakdown for ${c.en} must not have a VAT exemption reason (code or text): remove it.`,
    fi: `ALV-erittelyn rivillä luokalle ${c.fi} ei saa olla verottomuuden syytä (koodia tai tekstiä): poista se.`,
    sv: `Posten i momsspecifikationen för ${c.sv} får inte ha något skäl till momsbefrielse (kod eller text): ta bort det.`,
    nb: `Posten i mva-spesifikasjonen for ${c.nb} kan ikke ha en fritaksgrunn (kode eller tekst): fjern den.`,
    da: `Posten i momsspecifikationen for ${c.da} må ikke have en årsag til momsfritagelse (kode eller tekst): fjern den.`,
  };
}

const VAT: Record<string, Explanation> = {};
for (const cat of ['S', 'Z', 'E', 'AE'] as const)
  for (let n = 1; n <= 10; n++) VAT[`BR-${cat}-${String(n).padStart(2, '0')}`] = vatRule(cat, n);

export const EXPLANATIONS: Readonly<Record<string, Explanation>> = { ...SINGLE, ...VAT };

/** The plain-words explanation of a rule, when the app has one. */
export function explanationFor(id: string): Explanation | undefined {
  return Object.hasOwn(EXPLANATIONS, id) ? EXPLANATIONS[id] : undefined;
}
