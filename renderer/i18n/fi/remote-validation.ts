// Suomi: tilin etätarkistus (issue 11): tarkistaako palvelun validaattori Outbox-kansion tiedostot myös.
export const remoteValidation = {
  remoteValidation: {
    label: 'Tarkistus palvelun validaattorilla',
    hint: 'Ennen kuin Outbox-kansion tiedosto lähetetään, sovellus tarkistaa sen virallisia sääntöjä vasten tällä tietokoneella. Myös palvelun validaattori voi tarkistaa sen: tiedosto lähetetään silloin palveluun vielä kerran, pelkästään tarkistettavaksi. Jos validaattoria ei tavoiteta, tämän tietokoneen tarkistus ratkaisee ja tiedosto lähetetään silti.',
    byService: 'Tarkistanut palvelun validaattori, ei tämä tietokone.',
    modes: {
      off: 'Ei koskaan (vain tällä tietokoneella)',
      uncovered: 'Muodoille, joita tämän tietokoneen säännöt eivät kata (Finvoice, tuntemattomat muodot)',
      always: 'Aina, tämän tietokoneen tarkistuksen lisäksi',
    },
  },
};
