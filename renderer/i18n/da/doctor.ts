// Dansk: the sync doctor's findings about an account's folder, and the Outbox files not queued yet (issue 42, item 5).
export const doctor = {
  doctor: {
    title: 'Synkroniseringstjek',
    lead: 'Hvad mappens placering og indhold betyder for synkroniseringen: tjekkes, når mappen vælges, og når du beder om det.',
    run: 'Tjek mappen',
    running: 'Tjekker…',
    none: 'Der blev ikke fundet noget, der står i vejen for synkroniseringen.',
    checkedAt: 'Tjekket {{when}}.',
    truncated: 'Kun de første {{count}} poster blev tjekket.',
    finding: {
      'cloud-folder':
        'Mappen ligger i {{provider}} ({{path}}). Filer, som {{provider}} kun har online, findes ikke på denne computer: en fil, der lægges der, kan gå ubemærket hen indtil næste fulde gennemgang, og at læse den får {{provider}} til at hente den. Behold mappen altid på denne enhed, eller vælg en mappe uden for {{provider}}.',
      'online-only_one':
        'Én fil her findes kun online ({{examples}}): indholdet ligger i skyen, ikke på denne computer. Behold mappen altid på denne enhed, så appen kan læse den.',
      'online-only_other':
        '{{count}} filer her findes kun online ({{examples}}): indholdet ligger i skyen, ikke på denne computer. Behold mappen altid på denne enhed, så appen kan læse dem.',
      'network-share':
        'Mappen ligger på et netværksdrev ({{share}}). Ændringer på et netværksdrev meldes ikke altid, så appen gennemgår også hele Outbox hvert {{seconds}}. sekund: der kan gå så lang tid, før en fil, der lægges der, bliver set. Forsvinder drevet, skrives der intet, før det er tilbage.',
      'long-paths_one':
        'Én sti her er 260 tegn eller længere, for lang til de fleste Windows-programmer: {{examples}}. Brug kortere mappe- eller filnavne, eller en mappe tættere på drevets rod.',
      'long-paths_other':
        '{{count}} stier her er 260 tegn eller længere, for lange til de fleste Windows-programmer: {{examples}}. Brug kortere mappe- eller filnavne, eller en mappe tættere på drevets rod.',
      'long-names-room':
        'Modtagne filer med navne længere end {{room}} tegn ville få stier på 260 tegn eller mere her, som de fleste Windows-programmer ikke kan åbne. En mappe tættere på drevets rod giver mere plads.',
      'case-collision':
        'I {{folder}} adskiller {{names}} sig kun ved store og små bogstaver: i Windows og macOS er de samme navn, og det ene ville erstatte det andet. Omdøb et af dem.',
      locked_one:
        'Én fil er låst af et andet program: {{examples}}. Den forsøges igen for sig, mens de andre sendes; luk programmet, der har den åben.',
      locked_other:
        '{{count}} filer er låst af et andet program: {{examples}}. Hver forsøges igen for sig, mens de andre sendes; luk programmet, der har dem åbne.',
    },
  },
  pending: {
    state: { settling: 'Skrives', locked: 'Låst', checking: 'Tjekkes', held: 'Venter' },
    reason: {
      writing: 'Filen skrives stadig: den tages, når den ikke har ændret sig et øjeblik.',
      companions: 'Venter på, at dens bilag er skrevet færdig.',
      locked: 'Låst af et andet program. Den forsøges igen af sig selv; luk programmet, der har den åben.',
      denied: 'Appen har ikke lov til at læse denne fil. Den forsøges igen af sig selv; giv appen læseadgang.',
      rules: 'Venter på de officielle regler, som ikke kan indlæses nu.',
      checking: 'Kopieres og tjekkes.',
    },
    tries_one: 'Forsøgt én gang; næste forsøg {{when}}.',
    tries_other: 'Forsøgt {{count}} gange; næste forsøg {{when}}.',
  },
};
