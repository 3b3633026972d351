// Norsk bokmål: kontoens fjernvalidering (issue 11): om tjenestens validator også kontrollerer filene i Outbox.
export const remoteValidation = {
  remoteValidation: {
    label: 'Kontroll med tjenestens validator',
    hint: 'Før en fil i Outbox sendes, kontrollerer appen den mot de offisielle reglene på denne datamaskinen. Tjenestens validator kan også kontrollere den: filen sendes da til tjenesten én gang til, bare for å bli kontrollert. Hvis validatoren ikke kan nås, avgjør kontrollen på denne datamaskinen, og filen sendes likevel.',
    byService: 'Kontrollert av tjenestens validator, ikke på denne datamaskinen.',
    modes: {
      off: 'Aldri (bare på denne datamaskinen)',
      uncovered: 'For formater reglene på denne datamaskinen ikke dekker (Finvoice, ukjente formater)',
      always: 'Alltid, i tillegg til kontrollen på denne datamaskinen',
    },
  },
};
