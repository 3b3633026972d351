// Suomi: a received invoice marked a possible duplicate of another (issue 42, item 3).
export const duplicates = {
  duplicates: {
    badge: 'Mahdollinen kaksoiskappale',
    title: 'Mahdollinen kaksoiskappale',
    lead_one: 'Toisella vastaanotetulla laskulla on sama myyjä, numero ja loppusumma. Tarkista ennen maksamista, ettei se ole sama lasku:',
    lead_other:
      '{{count}} muulla vastaanotetulla laskulla on sama myyjä, numero ja loppusumma. Tarkista ennen maksamista, ettei tämä ole jokin niistä:',
    open: 'Avaa {{number}}, vastaanotettu {{when}}',
    notDuplicate: 'Ei kaksoiskappale',
    dismissed: 'Merkitsit, ettei tämä lasku ole kaksoiskappale.',
    undo: 'Merkitse uudelleen mahdolliseksi kaksoiskappaleeksi',
  },
};
