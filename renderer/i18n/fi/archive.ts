// Suomi: the sealed archive of an account's kept files (issue 42, item 4).
export const archive = {
  archive: {
    lead: 'Jokainen tiedosto, jonka sovellus säilyttää laskusta tai asiakirjasta, vastaanotetusta tai lähetetystä, sinetöidään sormenjäljellään (SHA-256) ketjuun, jota ei voi muuttaa huomaamatta. Sovellus ei koskaan poista niitä: säilytysajan päätät sinä.',
    verify: 'Tarkista arkisto',
    verifying: 'Tarkistetaan jokaista tiedostoa…',
    none: 'Yhtään tiedostoa ei ole vielä säilytetty: tarkistettavaa ei ole.',
    ok_one: 'Tiedosto on sellainen kuin se sinetöitiin: mitään ei ole muutettu, kadonnut tai lisätty.',
    ok_other: 'Kaikki {{count}} tiedostoa ovat sellaisia kuin ne sinetöitiin: mitään ei ole muutettu, kadonnut tai lisätty.',
    seal: 'Sinetti (ketjun viimeinen merkintä): {{hash}}',
    problems: 'Tiedostot eivät vastaa arkistoa:',
    changed_one: '{{count}} tiedosto on muutettu sinetöinnin jälkeen:',
    changed_other: '{{count}} tiedostoa on muutettu sinetöinnin jälkeen:',
    missing_one: '{{count}} tiedosto puuttuu:',
    missing_other: '{{count}} tiedostoa puuttuu:',
    added_one: '{{count}} tiedosto on lisätty, jota sovellus ei säilyttänyt:',
    added_other: '{{count}} tiedostoa on lisätty, joita sovellus ei säilyttänyt:',
    chain_one: 'Arkiston kirjanpitoa on muutettu merkinnän {{line}} kohdalla: siihen ei voi luottaa siitä eteenpäin.',
    chain_other:
      'Arkiston kirjanpidosta on muutettu {{count}} merkintää, ensimmäinen kohdassa {{line}}: siihen ei voi luottaa siitä eteenpäin.',
    more: '…ja {{count}} muuta',
    whatToDo:
      'Mitä tehdä: palauta jokaisen muutetun tai puuttuvan tiedoston alkuperäinen (varmuuskopiosta) ja siirrä lisäämäsi tiedostot pois Inbox-, Sent- ja Archive-kansioista. Tarkista sitten uudelleen.',
    from: 'Ensimmäinen päivä',
    to: 'Viimeinen päivä',
    export: 'Vie jakso',
    exportHint:
      'Yksi zip-tiedosto, jossa on jakson tiedostot, niiden luettelo (CSV) ja sinetti. Sovelluksen komento ”archive verify --zip” tarkistaa sen millä tahansa tietokoneella.',
    badPeriod: 'Valitse ensimmäinen päivä, joka ei ole viimeisen päivän jälkeen.',
    exporting: 'Kirjoitetaan zip-tiedostoa…',
    exported_one: '{{count}} tiedosto kirjoitettiin tiedostoon {{path}}.',
    exported_other: '{{count}} tiedostoa kirjoitettiin tiedostoon {{path}}.',
  },
};
