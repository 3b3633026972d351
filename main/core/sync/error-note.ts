import { writeFileAtomic } from './files';

export interface ErrorNote {
  file: string;
  kind: 'invoice' | 'document';
  message: string;
  details: string[];
  at: number;
}

/** `<name>.error.txt` beside a refused file: what was wrong and what to do, in plain words. */
export async function writeErrorNote(dir: string, sentName: string, note: ErrorNote): Promise<string> {
  const what = note.kind === 'invoice' ? 'invoice' : 'document';
  const lines = [
    `The e-invoicing service refused the ${what} "${note.file}" on ${new Date(note.at).toISOString()}.`,
    '',
    `What was wrong: ${note.message}`,
    ...(note.details.length ? ['', 'Details from the service:', ...note.details.map((d) => `  - ${d}`)] : []),
    '',
    'What to do: correct the file (or ask whoever produced it to), then put the corrected file into the',
    `same Outbox folder again. This copy in Failed/ will not be sent; you may delete it and this note.`,
    '',
  ];
  return writeFileAtomic(dir, `${sentName}.error.txt`, Buffer.from(lines.join('\n'), 'utf8'));
}
