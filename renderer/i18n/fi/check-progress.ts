// Finnish: a check's progress, its Cancel, and a file the app could not check (issue 41, item 2).
export const checkProgress = {
  checking: {
    title: 'Tarkistetaan nyt',
    phase: {
      read: 'odottaa tarkistusta',
      parse: 'tiedostoa luetaan',
      en16931: 'EN 16931 -säännöt',
      peppol: 'Peppol-säännöt',
    },
    progress: 'Tarkistetaan {{file}}: {{phase}}, {{percent}} %',
    cancel: 'Peruuta',
    cancelOf: 'Peruuta tiedoston {{file}} tarkistus',
    cancelled: 'Tiedoston {{file}} tarkistus peruutettiin.',
    sendAnyway: 'Lähetä silti',
    sendAnywayOf: 'Lähetä {{file}} silti tarkistamatta',
    badge: {
      size: 'Tarkistamatta: liian suuri',
      time: 'Tarkistamatta: liian suuri',
      memory: 'Tarkistamatta: liian suuri',
      cancelled: 'Tarkistamatta: peruutettu',
    },
    why: {
      size: 'se on liian suuri tarkistettavaksi tällä koneella',
      time: 'se on liian suuri tarkistettavaksi tällä koneella (tarkistuksen aika loppui)',
      memory: 'se on liian suuri tarkistettavaksi tällä koneella (tarkistuksen muisti loppui)',
      cancelled: 'sen tarkistus peruutettiin',
    },
    notChecked:
      'Sovellus ei voinut tarkistaa tiedostoa tällä koneella, koska {{why}}. Se ei tarkoita, että tiedosto olisi virheellinen; sitä ei vain tarkistettu.',
    held: 'Pidätetty: tiedostoa ei voitu tarkistaa, koska {{why}}. Sen kansio tarkistaa tiedostot ennen lähettämistä, joten sitä ei lähetetty: lähetä se silti tai poista se Lähtevät-kansiosta.',
    sent: 'Lähetetty ilman virallisten sääntöjen tarkistusta: tiedostoa ei voitu tarkistaa, koska {{why}}.',
  },
};
