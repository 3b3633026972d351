import type { CatalogShape } from '../catalog-type';
import type { health as en } from '../en/health';

// Norsk bokmål: om en konto er oppdatert, og hvis ikke hva som gjelder.
export const health: CatalogShape<typeof en> = {
  health: {
    lastSuccess: 'Alle lister svarte',
    since: 'siden {{when}}',
    todo: 'Slik gjør du:',
    details: 'Detaljer',
    syncNowBlocked: 'Synkroniser nå kan ikke starte: {{what}}.',
    allFeeds: 'noe',
    feeds: {
      receivedInvoices: 'mottatte fakturaer',
      sentInvoices: 'sendte fakturaer',
      receivedDocuments: 'mottatte dokumenter',
      sentDocuments: 'sendte dokumenter',
      bankMessages: 'bankmeldinger',
    },
    what: {
      keysUnreadable_missing: 'API-nøkkelen til selskapet finnes ikke i nøkkellageret',
      keysUnreadable_store: 'API-nøkkelen til selskapet kan ikke leses',
      rootMissing: 'Mappen til selskapet finnes ikke',
      diskWaiting: 'Filer kan ikke skrives til disken',
      rulesMissing: 'Fakturaer venter i Utboksen, verken sendt eller avvist, til de kan kontrolleres',
      downloadsGivenUp_one: '{{count}} mottatt fil ble gitt opp etter sine forsøk',
      downloadsGivenUp_other: '{{count}} mottatte filer ble gitt opp etter sine forsøk',
      uploadsGivenUp_one: '{{count}} fil som skal sendes, venter på deg',
      uploadsGivenUp_other: '{{count}} filer som skal sendes, venter på deg',
      syncStopped: 'Synkroniseringen har stoppet',
      serviceBehind: 'Ingenting kunne hentes fra tjenesten',
      serviceBehindSome: 'Ikke hentet fra tjenesten: {{feeds}}',
      uploadOverdue_one: '{{count}} fil i Outbox-mappen er ikke sendt ennå',
      uploadOverdue_other: '{{count}} filer i Outbox-mappen er ikke sendt ennå',
      retrying: 'Den siste synkroniseringen møtte et problem',
    },
    do: {
      keysUnreadable_missing: 'Fjern kontoen og legg den til igjen med API-nøkkelen; filene i mappen blir liggende.',
      keysUnreadable_store:
        'La appen lese nøkkellageret sitt (den krypterte nøkkelfilen: start appen med EINVOICE_SECRETS_PASSPHRASE satt til passordfrasen; systemets nøkkelring: lås den opp), og velg så Synkroniser nå.',
      rootMissing: 'Koble til disken eller delingen igjen; synkroniseringen fortsetter av seg selv.',
      diskWaiting: 'Frigjør plass, eller koble til disken igjen; appen prøver igjen av seg selv.',
      rulesMissing:
        'Reglene som kontrollerer dem kunne ikke lastes; detaljene sier hvor de ble lett etter. Fakturaene sendes av seg selv når reglene er lastet.',
      downloadsGivenUp: 'Velg «Hent alle på nytt» på kontoen.',
      uploadsGivenUp: 'Se årsaken under Sendt, Utboks, og velg så «Prøv igjen».',
      syncStopped: 'Rett opp det detaljene sier, og velg så Synkroniser nå.',
      serviceBehind: 'Appen fortsetter å prøve. Sjekk datamaskinens internettforbindelse; varer det, kan tjenesten være nede.',
      uploadOverdue: 'Appen fortsetter å prøve; detaljene viser hva tjenesten svarte sist.',
      retrying: 'Ingenting, med mindre det varer: appen prøver igjen av seg selv.',
    },
  },
};
