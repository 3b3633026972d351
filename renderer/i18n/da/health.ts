import type { CatalogShape } from '../catalog-type';
import type { health as en } from '../en/health';

// Dansk: om en konto er opdateret, og hvis ikke, hvad der holder den tilbage (shared/account-health.ts).
export const health: CatalogShape<typeof en> = {
  health: {
    lastSuccess: 'Alle lister svarede',
    since: 'siden {{when}}',
    todo: 'Hvad skal gøres:',
    details: 'Detaljer',
    syncNowBlocked: 'Synkroniser nu kan ikke starte: {{what}}.',
    allFeeds: 'noget',
    feeds: {
      receivedInvoices: 'modtagne fakturaer',
      sentInvoices: 'sendte fakturaer',
      receivedDocuments: 'modtagne dokumenter',
      sentDocuments: 'sendte dokumenter',
      bankMessages: 'bankmeddelelser',
    },
    what: {
      keysUnreadable_missing: 'Virksomhedens API-nøgle findes ikke i nøglelageret',
      keysUnreadable_store: 'Virksomhedens API-nøgle kan ikke læses',
      rootMissing: 'Virksomhedens mappe er der ikke',
      diskWaiting: 'Der kan ikke skrives filer til disken',
      rulesMissing: 'Fakturaer venter i udbakken, hverken sendt eller mislykket, indtil de kan kontrolleres',
      downloadsGivenUp_one: '{{count}} modtaget fil blev opgivet efter sine forsøg',
      downloadsGivenUp_other: '{{count}} modtagne filer blev opgivet efter deres forsøg',
      uploadsGivenUp_one: '{{count}} fil, der skal sendes, venter på dig',
      uploadsGivenUp_other: '{{count}} filer, der skal sendes, venter på dig',
      syncStopped: 'Synkroniseringen er stoppet',
      serviceBehind: 'Intet kunne hentes fra tjenesten',
      serviceBehindSome: 'Ikke hentet fra tjenesten: {{feeds}}',
      uploadOverdue_one: '{{count}} fil i udbakken er endnu ikke sendt',
      uploadOverdue_other: '{{count}} filer i udbakken er endnu ikke sendt',
      retrying: 'Den seneste synkronisering ramte et problem',
    },
    do: {
      keysUnreadable_missing: 'Fjern kontoen, og tilføj den igen med dens API-nøgle; filerne i dens mappe bliver liggende.',
      keysUnreadable_store:
        'Lad appen læse sit nøglelager (den krypterede nøglefil: start appen med EINVOICE_SECRETS_PASSPHRASE sat til dens adgangsfrase; systemets nøglering: lås den op), og vælg derefter Synkroniser nu.',
      rootMissing: 'Tilslut drevet eller netværksdrevet igen; synkroniseringen fortsætter af sig selv.',
      diskWaiting: 'Frigør noget plads, eller tilslut disken igen; appen prøver igen af sig selv.',
      rulesMissing:
        'Regelsættene, der kontrollerer dem, kunne ikke indlæses; detaljerne siger, hvor der blev søgt efter dem. Fakturaerne sendes af sig selv, så snart reglerne er indlæst.',
      downloadsGivenUp: 'Vælg "Hent alle igen" på kontoen.',
      uploadsGivenUp: 'Se årsagen under Sendt, Udbakke, og vælg derefter "Prøv igen".',
      syncStopped: 'Ret det, detaljerne nævner, og vælg derefter Synkroniser nu.',
      serviceBehind: 'Appen bliver ved med at prøve. Tjek computerens internetforbindelse; varer det ved, kan tjenesten være nede.',
      uploadOverdue: 'Appen bliver ved med at prøve; detaljerne siger, hvad tjenesten svarede sidst.',
      retrying: 'Intet, medmindre det varer ved: appen prøver igen af sig selv.',
    },
  },
};
