// English: the sealed archive of an account's kept files (issue 42, item 4).
export const archive = {
  archive: {
    lead: 'Every file the app keeps for an invoice or document, received or sent, is sealed with its fingerprint (SHA-256) in a chain that cannot be changed unseen. The app never deletes any of them: how long you keep them is up to you.',
    verify: 'Verify the archive',
    verifying: 'Checking every file…',
    none: 'No file is kept yet: there is nothing to check.',
    ok_one: 'The file is as it was sealed: nothing changed, missing or added.',
    ok_other: 'All {{count}} files are as they were sealed: nothing changed, missing or added.',
    seal: 'Seal (the last entry of the chain): {{hash}}',
    problems: 'The files do not match the archive:',
    changed_one: '{{count}} file changed since it was sealed:',
    changed_other: '{{count}} files changed since they were sealed:',
    missing_one: '{{count}} file is missing:',
    missing_other: '{{count}} files are missing:',
    added_one: '{{count}} file was added that the app did not keep:',
    added_other: '{{count}} files were added that the app did not keep:',
    chain_one: 'The archive record itself was changed at entry {{line}}: it cannot be trusted from there on.',
    chain_other:
      '{{count}} entries of the archive record itself were changed, the first at entry {{line}}: it cannot be trusted from there on.',
    more: '…and {{count}} more',
    whatToDo:
      'What to do: put back the original of each changed or missing file (from a backup), and move the files you added out of the Inbox, Sent and Archive folders. Then verify again.',
    from: 'First day',
    to: 'Last day',
    export: 'Export the period',
    exportHint:
      'One zip with the files of the period, an index of them (CSV) and the seal. The app’s command “archive verify --zip” checks it on any computer.',
    badPeriod: 'Choose a first day that is not after the last day.',
    exporting: 'Writing the zip…',
    exported_one: '{{count}} file was written into {{path}}.',
    exported_other: '{{count}} files were written into {{path}}.',
  },
};
