// Dansk: kontoens fjernvalidering (issue 11): om hot-mapperne også spørger tjenestens validator.
export const remoteValidation = {
  remoteValidation: {
    label: 'Kontroller med tjenestens validator',
    hint: 'Før en fil i udbakken sendes, kontrollerer appen den mod de officielle regler på denne computer. Tjenestens validator kan også kontrollere den: filen sendes så til tjenesten en ekstra gang, kun for at blive kontrolleret. Kan validatoren ikke nås, afgør kontrollen på denne computer, og filen sendes alligevel.',
    byService: 'Kontrolleret af tjenestens validator, ikke på denne computer.',
    modes: {
      off: 'Aldrig (kun på denne computer)',
      uncovered: 'For formater, som reglerne på denne computer ikke dækker (Finvoice, ukendte formater)',
      always: 'Altid, ud over kontrollen på denne computer',
    },
  },
};
