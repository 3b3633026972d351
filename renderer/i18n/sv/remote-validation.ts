// Svenska: kontots fjärrvalidering (issue 11): om tjänstens validerare också kontrollerar filerna i Outbox.
export const remoteValidation = {
  remoteValidation: {
    label: 'Kontroll med tjänstens validerare',
    hint: 'Innan en fil i Outbox skickas kontrollerar appen den mot de officiella reglerna på den här datorn. Tjänstens validerare kan också kontrollera den: filen skickas då till tjänsten en gång till, enbart för att kontrolleras. Om valideraren inte kan nås avgör kontrollen på den här datorn, och filen skickas ändå.',
    byService: 'Kontrollerad av tjänstens validerare, inte på den här datorn.',
    modes: {
      off: 'Aldrig (bara på den här datorn)',
      uncovered: 'För format som reglerna på den här datorn inte täcker (Finvoice, okända format)',
      always: 'Alltid, utöver kontrollen på den här datorn',
    },
  },
};
