// Suomi: the sync doctor's findings about an account's folder, and the Outbox files not queued yet (issue 42, item 5).
export const doctor = {
  doctor: {
    title: 'Synkronoinnin tarkistus',
    lead: 'Mitä kansion sijainti ja sisältö merkitsevät synkronoinnille: tarkistetaan, kun kansio valitaan, ja aina kun pyydät.',
    run: 'Tarkista kansio',
    running: 'Tarkistetaan…',
    none: 'Mitään synkronointia haittaavaa ei löytynyt.',
    checkedAt: 'Tarkistettu {{when}}.',
    truncated: 'Vain {{count}} ensimmäistä kohdetta tarkistettiin.',
    finding: {
      'cloud-folder':
        'Kansio on palvelun {{provider}} kansiossa ({{path}}). Tiedostot, jotka {{provider}} pitää vain verkossa, eivät ole tällä tietokoneella: sinne pudotettu tiedosto voi jäädä huomaamatta seuraavaan täyteen läpikäyntiin asti, ja sen lukeminen saa palvelun {{provider}} lataamaan sen. Pidä kansio aina tällä laitteella tai valitse kansio palvelun {{provider}} ulkopuolelta.',
      'online-only_one':
        'Yksi tiedosto on vain verkossa ({{examples}}): sen sisältö on pilvessä eikä tällä tietokoneella. Pidä kansio aina tällä laitteella, jotta sovellus voi lukea sen.',
      'online-only_other':
        '{{count}} tiedostoa on vain verkossa ({{examples}}): niiden sisältö on pilvessä eikä tällä tietokoneella. Pidä kansio aina tällä laitteella, jotta sovellus voi lukea ne.',
      'network-share':
        'Kansio on verkkojaolla ({{share}}). Jaon muutoksista ei aina ilmoiteta, joten sovellus käy koko Outbox-kansion läpi myös {{seconds}} sekunnin välein: pudotetun tiedoston huomaaminen voi kestää niin kauan. Jos jako katoaa, mitään ei kirjoiteta ennen kuin se palaa.',
      'long-paths_one':
        'Yksi polku on vähintään 260 merkkiä pitkä, liian pitkä useimmille Windows-ohjelmille: {{examples}}. Käytä lyhyempiä kansion- tai tiedostonnimiä tai kansiota lähempänä aseman juurta.',
      'long-paths_other':
        '{{count}} polkua on vähintään 260 merkkiä pitkiä, liian pitkiä useimmille Windows-ohjelmille: {{examples}}. Käytä lyhyempiä kansion- tai tiedostonnimiä tai kansiota lähempänä aseman juurta.',
      'long-names-room':
        'Vastaanotetut tiedostot, joiden nimessä on yli {{room}} merkkiä, saisivat täällä vähintään 260 merkin polun, jota useimmat Windows-ohjelmat eivät avaa. Kansio lähempänä aseman juurta jättää enemmän tilaa.',
      'case-collision':
        'Kansiossa {{folder}} nimet {{names}} eroavat vain isojen ja pienten kirjainten osalta: Windowsissa ja macOS:ssä ne ovat sama nimi, ja toinen korvaisi toisen. Nimeä toinen uudelleen.',
      locked_one:
        'Toinen ohjelma on lukinnut yhden tiedoston: {{examples}}. Sitä yritetään uudelleen erikseen, kun muut lähetetään; sulje ohjelma, jossa se on auki.',
      locked_other:
        'Toinen ohjelma on lukinnut {{count}} tiedostoa: {{examples}}. Kutakin yritetään uudelleen erikseen, kun muut lähetetään; sulje ohjelma, jossa ne ovat auki.',
    },
  },
  pending: {
    state: { settling: 'Kirjoitetaan', locked: 'Lukittu', checking: 'Tarkistetaan', held: 'Odottaa' },
    reason: {
      writing: 'Tiedostoa kirjoitetaan vielä: se otetaan, kun se ei ole hetkeen muuttunut.',
      companions: 'Odottaa, että sen liitteet on kirjoitettu loppuun.',
      locked: 'Toinen ohjelma on lukinnut tiedoston. Sitä yritetään uudelleen itsestään; sulje ohjelma, jossa se on auki.',
      denied: 'Sovellus ei saa lukea tätä tiedostoa. Sitä yritetään uudelleen itsestään; anna sovellukselle lukuoikeus.',
      rules: 'Odottaa virallisia sääntöjä, joita ei nyt voida ladata.',
      checking: 'Kopioidaan ja tarkistetaan.',
    },
    tries_one: 'Yritetty kerran; seuraava yritys {{when}}.',
    tries_other: 'Yritetty {{count}} kertaa; seuraava yritys {{when}}.',
  },
};
