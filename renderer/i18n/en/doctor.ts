// English: the sync doctor's findings about an account's folder, and the Outbox files not queued yet (issue 42, item 5).
export const doctor = {
  doctor: {
    title: 'Sync doctor',
    lead: "What this folder's place and contents mean for syncing: looked at when the folder is chosen, and whenever you ask.",
    run: 'Check the folder',
    running: 'Checking…',
    none: 'Nothing found that stands in the way of syncing.',
    checkedAt: 'Checked {{when}}.',
    truncated: 'Only the first {{count}} entries were looked at.',
    finding: {
      'cloud-folder':
        'The folder is inside {{provider}} ({{path}}). Files {{provider}} keeps online only are not on this computer: a file dropped there may go unnoticed until the next full look, and reading one makes {{provider}} download it. Keep the folder always on this device, or choose a folder outside {{provider}}.',
      'online-only_one':
        'One file here is online only ({{examples}}): its content is in the cloud, not on this computer. Keep the folder always on this device so the app can read it.',
      'online-only_other':
        '{{count}} files here are online only ({{examples}}): their content is in the cloud, not on this computer. Keep the folder always on this device so the app can read them.',
      'network-share':
        'The folder is on a network share ({{share}}). Changes on a share may not be announced, so the app also looks at the whole Outbox every {{seconds}} seconds: a dropped file can take that long to be seen. If the share goes away, nothing is written until it is back.',
      'long-paths_one':
        'One path here is 260 characters or longer, too long for most Windows programs: {{examples}}. Use shorter folder or file names, or a folder nearer the top of the drive.',
      'long-paths_other':
        '{{count}} paths here are 260 characters or longer, too long for most Windows programs: {{examples}}. Use shorter folder or file names, or a folder nearer the top of the drive.',
      'long-names-room':
        'Received files with names longer than {{room}} characters would get paths of 260 characters or more here, which most Windows programs cannot open. A folder nearer the top of the drive leaves more room.',
      'case-collision':
        'In {{folder}}, {{names}} differ only in upper and lower case: on Windows and macOS they are one name, and one would replace the other. Rename one of them.',
      locked_one:
        'One file is locked by another program: {{examples}}. It is tried again by itself while the others are sent; close the program that has it open.',
      locked_other:
        '{{count}} files are locked by another program: {{examples}}. Each is tried again by itself while the others are sent; close the program that has them open.',
    },
  },
  pending: {
    state: { settling: 'Settling', locked: 'Locked', checking: 'Checking', held: 'Held' },
    reason: {
      writing: 'Still being written: it is taken once it has not changed for a moment.',
      companions: 'Waiting for its attachments to finish being written.',
      locked: 'Locked by another program. It is tried again by itself; close the program that has it open.',
      denied: 'The app is not allowed to read this file. It is tried again by itself; give the app permission to read it.',
      rules: 'Waiting for the official rule sets, which cannot be loaded now.',
      checking: 'Being copied and checked.',
    },
    tries_one: 'Tried once; next try {{when}}.',
    tries_other: 'Tried {{count}} times; next try {{when}}.',
  },
};
