// Svenska: the sync doctor's findings about an account's folder, and the Outbox files not queued yet (issue 42, item 5).
export const doctor = {
  doctor: {
    title: 'Synkroniseringskontroll',
    lead: 'Vad mappens plats och innehåll betyder för synkroniseringen: kontrolleras när mappen väljs och när du ber om det.',
    run: 'Kontrollera mappen',
    running: 'Kontrollerar…',
    none: 'Inget hittades som hindrar synkroniseringen.',
    checkedAt: 'Kontrollerad {{when}}.',
    truncated: 'Endast de första {{count}} posterna kontrollerades.',
    finding: {
      'cloud-folder':
        'Mappen ligger i {{provider}} ({{path}}). Filer som {{provider}} bara har online finns inte på den här datorn: en fil som läggs där kan gå obemärkt förbi till nästa fullständiga genomgång, och att läsa den får {{provider}} att hämta den. Behåll mappen alltid på den här enheten, eller välj en mapp utanför {{provider}}.',
      'online-only_one':
        'En fil här finns bara online ({{examples}}): innehållet ligger i molnet, inte på den här datorn. Behåll mappen alltid på den här enheten så att appen kan läsa den.',
      'online-only_other':
        '{{count}} filer här finns bara online ({{examples}}): innehållet ligger i molnet, inte på den här datorn. Behåll mappen alltid på den här enheten så att appen kan läsa dem.',
      'network-share':
        'Mappen ligger på en nätverksresurs ({{share}}). Ändringar på en resurs meddelas inte alltid, så appen går också igenom hela Outbox var {{seconds}}:e sekund: det kan dröja så länge innan en fil som lagts dit upptäcks. Om resursen försvinner skrivs inget förrän den är tillbaka.',
      'long-paths_one':
        'En sökväg här är 260 tecken eller längre, för lång för de flesta Windows-program: {{examples}}. Använd kortare mapp- eller filnamn, eller en mapp närmare enhetens rot.',
      'long-paths_other':
        '{{count}} sökvägar här är 260 tecken eller längre, för långa för de flesta Windows-program: {{examples}}. Använd kortare mapp- eller filnamn, eller en mapp närmare enhetens rot.',
      'long-names-room':
        'Mottagna filer med namn längre än {{room}} tecken skulle få sökvägar på 260 tecken eller mer här, som de flesta Windows-program inte kan öppna. En mapp närmare enhetens rot ger mer utrymme.',
      'case-collision':
        'I {{folder}} skiljer sig {{names}} bara i stora och små bokstäver: i Windows och macOS är de samma namn, och den ena skulle ersätta den andra. Byt namn på en av dem.',
      locked_one:
        'En fil är låst av ett annat program: {{examples}}. Den försöks igen för sig medan de andra skickas; stäng programmet som har den öppen.',
      locked_other:
        '{{count}} filer är låsta av ett annat program: {{examples}}. Var och en försöks igen för sig medan de andra skickas; stäng programmet som har dem öppna.',
    },
  },
  pending: {
    state: { settling: 'Skrivs', locked: 'Låst', checking: 'Kontrolleras', held: 'Väntar' },
    reason: {
      writing: 'Filen skrivs fortfarande: den tas när den inte har ändrats på en stund.',
      companions: 'Väntar på att dess bilagor har skrivits klart.',
      locked: 'Låst av ett annat program. Den försöks igen av sig själv; stäng programmet som har den öppen.',
      denied: 'Appen får inte läsa den här filen. Den försöks igen av sig själv; ge appen läsbehörighet.',
      rules: 'Väntar på de officiella reglerna, som inte kan laddas nu.',
      checking: 'Kopieras och kontrolleras.',
    },
    tries_one: 'Försökt en gång; nästa försök {{when}}.',
    tries_other: 'Försökt {{count}} gånger; nästa försök {{when}}.',
  },
};
