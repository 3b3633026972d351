import { writeFileAtomic } from './files';

export interface ErrorNote {
  file: string;
  kind: 'invoice' | 'document' | 'bank_message';
  message: string;
  details: string[];
  at: number;
  /** Who refused it: the service, or this app before sending anything. */
  by: 'service' | 'app';
}

/** What the note's name adds to the refused file's. */
export const ERROR_NOTE_SUFFIX = '.error.txt';

/** `<name>.error.txt` beside a refused file: what was wrong and what to do, in plain words. */
export async function writeErrorNote(dir: string, sentName: string, note: ErrorNote): Promise<string> {
  const what = note.kind === 'bank_message' ? 'bank message' : note.kind;
  const lines = [
    note.by === 'service'
      ? `The e-invoicing service refused the ${what} "${note.file}" on ${new Date(note.at).toISOString()}.`
      : `E-Invoice Sync did not send the ${what} "${note.file}" (${new Date(note.at).toISOString()}); nothing of it left this computer.`,
    '',
    `What was wrong: ${note.message}`,
    ...(note.details.length
      ? [
          '',
          note.by === 'service' ? 'Details from the service:' : 'Where, and what each rule asks:',
          ...note.details.map((d) => `  - ${d}`),
        ]
      : []),
    '',
    'What to do: correct the file (or ask whoever produced it to), then put the corrected file into the',
    `same Outbox folder again. What is in Failed/ will not be sent; you may delete it and this note.`,
    '',
  ];
  return writeFileAtomic(dir, `${sentName}${ERROR_NOTE_SUFFIX}`, Buffer.from(lines.join('\n'), 'utf8'));
}
