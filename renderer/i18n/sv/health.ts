import type { CatalogShape } from '../catalog-type';
import type { health as en } from '../en/health';

// Svenska: om ett konto är uppdaterat, och om inte vad som gäller.
export const health: CatalogShape<typeof en> = {
  health: {
    lastSuccess: 'Alla listor svarade',
    since: 'sedan {{when}}',
    todo: 'Gör så här:',
    details: 'Detaljer',
    syncNowBlocked: 'Synkronisera nu kan inte starta: {{what}}.',
    allFeeds: 'något',
    feeds: {
      receivedInvoices: 'mottagna fakturor',
      sentInvoices: 'skickade fakturor',
      receivedDocuments: 'mottagna dokument',
      sentDocuments: 'skickade dokument',
      bankMessages: 'bankmeddelanden',
    },
    what: {
      keysUnreadable_missing: 'Företagets API-nyckel finns inte i nyckelförrådet',
      keysUnreadable_store: 'Företagets API-nyckel kan inte läsas',
      rootMissing: 'Företagets mapp finns inte',
      diskWaiting: 'Filer kan inte skrivas till disken',
      rulesMissing: 'Fakturor väntar i Utkorgen, varken skickade eller avvisade, tills de kan kontrolleras',
      downloadsGivenUp_one: '{{count}} mottagen fil gavs upp efter sina försök',
      downloadsGivenUp_other: '{{count}} mottagna filer gavs upp efter sina försök',
      uploadsGivenUp_one: '{{count}} fil att skicka väntar på dig',
      uploadsGivenUp_other: '{{count}} filer att skicka väntar på dig',
      syncStopped: 'Synkroniseringen har stannat',
      serviceBehind: 'Inget kunde hämtas från tjänsten',
      serviceBehindSome: 'Inte hämtat från tjänsten: {{feeds}}',
      uploadOverdue_one: '{{count}} fil i Outbox-mappen är inte skickad än',
      uploadOverdue_other: '{{count}} filer i Outbox-mappen är inte skickade än',
      retrying: 'Den senaste synkroniseringen stötte på ett problem',
    },
    do: {
      keysUnreadable_missing: 'Ta bort kontot och lägg till det igen med dess API-nyckel; filerna i dess mapp finns kvar.',
      keysUnreadable_store:
        'Låt appen läsa sitt nyckelförråd (den krypterade nyckelfilen: starta appen med EINVOICE_SECRETS_PASSPHRASE satt till dess lösenfras; systemets nyckelring: lås upp den), välj sedan Synkronisera nu.',
      rootMissing: 'Anslut enheten eller utdelningen igen; synkroniseringen fortsätter av sig själv.',
      diskWaiting: 'Frigör utrymme eller anslut disken igen; appen försöker igen av sig själv.',
      rulesMissing:
        'Reglerna som kontrollerar dem kunde inte läsas in; detaljerna säger var de söktes. Fakturorna skickas av sig själva när reglerna har lästs in.',
      downloadsGivenUp: 'Välj "Hämta alla igen" på kontot.',
      uploadsGivenUp: 'Se orsaken under Skickat, Utkorg, och välj sedan "Försök igen".',
      syncStopped: 'Åtgärda det som detaljerna säger, välj sedan Synkronisera nu.',
      serviceBehind: 'Appen fortsätter att försöka. Kontrollera datorns internetanslutning; om det håller i sig kan tjänsten vara nere.',
      uploadOverdue: 'Appen fortsätter att försöka; detaljerna visar vad tjänsten svarade senast.',
      retrying: 'Inget, om det inte håller i sig: appen försöker igen av sig själv.',
    },
  },
};
