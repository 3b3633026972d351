import type { CatalogShape } from '../catalog-type';
import type { health as en } from '../en/health';

// Suomi: onko tili ajan tasalla, ja ellei, mikä on vialla.
export const health: CatalogShape<typeof en> = {
  health: {
    lastSuccess: 'Kaikki listat vastasivat',
    since: '{{when}} alkaen',
    todo: 'Mitä tehdä:',
    details: 'Lisätiedot',
    syncNowBlocked: 'Synkronointi ei voi alkaa: {{what}}.',
    allFeeds: 'mitään',
    feeds: {
      receivedInvoices: 'saapuneet laskut',
      sentInvoices: 'lähetetyt laskut',
      receivedDocuments: 'saapuneet dokumentit',
      sentDocuments: 'lähetetyt dokumentit',
      bankMessages: 'pankkisanomat',
    },
    what: {
      keysUnreadable_missing: 'Yrityksen API-avainta ei ole avainvarastossa',
      keysUnreadable_store: 'Yrityksen API-avainta ei voi lukea',
      rootMissing: 'Yrityksen kansiota ei löydy',
      diskWaiting: 'Tiedostoja ei voi kirjoittaa levylle',
      rulesMissing: 'Laskut odottavat Lähtevät-kansiossa, lähettämättä ja hylkäämättä, kunnes ne voidaan tarkistaa',
      downloadsGivenUp_one: '{{count}} saapunut tiedosto jäi hakematta monen hakukerran jälkeen',
      downloadsGivenUp_other: '{{count}} saapunutta tiedostoa jäi hakematta monen hakukerran jälkeen',
      uploadsGivenUp_one: '{{count}} lähetettävä tiedosto odottaa sinua',
      uploadsGivenUp_other: '{{count}} lähetettävää tiedostoa odottaa sinua',
      syncStopped: 'Synkronointi pysähtyi',
      serviceBehind: 'Palvelusta ei saatu haettua mitään',
      serviceBehindSome: 'Palvelusta ei saatu haettua: {{feeds}}',
      uploadOverdue_one: '{{count}} tiedosto Outbox-kansiossa on vielä lähettämättä',
      uploadOverdue_other: '{{count}} tiedostoa Outbox-kansiossa on vielä lähettämättä',
      retrying: 'Edellisessä synkronoinnissa oli ongelma',
    },
    do: {
      keysUnreadable_missing: 'Poista tili ja lisää se uudelleen API-avaimen kanssa; sen kansion tiedostot säilyvät.',
      keysUnreadable_store:
        'Anna sovelluksen lukea avainvarastoaan (salattu avaintiedosto: käynnistä sovellus niin, että EINVOICE_SECRETS_PASSPHRASE on sen salalause; järjestelmän avainnippu: avaa se), ja valitse sitten Synkronoi nyt.',
      rootMissing: 'Liitä asema tai verkkojako uudelleen; synkronointi jatkuu itsestään.',
      diskWaiting: 'Vapauta tilaa tai liitä levy uudelleen; sovellus yrittää itse uudelleen.',
      rulesMissing:
        'Niitä tarkistavia sääntöjä ei voitu ladata; lisätiedoissa kerrotaan, mistä niitä etsittiin. Laskut lähtevät itsestään, kun säännöt latautuvat.',
      downloadsGivenUp: 'Valitse tililtä "Hae kaikki uudelleen".',
      uploadsGivenUp: 'Katso syy kohdasta Lähetetyt, Lähtevät ja valitse "Yritä uudelleen".',
      syncStopped: 'Korjaa se, mitä lisätiedot kertovat, ja valitse sitten Synkronoi nyt.',
      serviceBehind:
        'Sovellus yrittää edelleen. Tarkista tämän tietokoneen internetyhteys; jos tilanne jatkuu, palvelu voi olla poissa käytöstä.',
      uploadOverdue: 'Sovellus yrittää edelleen; lisätiedoissa on palvelun viimeisin vastaus.',
      retrying: 'Ei mitään, ellei tilanne jatku: sovellus yrittää itse uudelleen.',
    },
  },
};
