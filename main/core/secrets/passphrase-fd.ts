import { createReadStream } from 'node:fs';
import { SecretsPassphraseError } from './encrypted-file';

/** A passphrase file is a line, not a document: more than this is not one. */
const MAX_BYTES = 4096;

/**
 * The passphrase from an open file descriptor (`--passphrase-fd 3 3<file`, or a pipe from a secret
 * manager): read to its end, one trailing line break dropped. Unlike an environment variable it is
 * not inherited by child processes nor shown in /proc/<pid>/environ.
 */
export async function readPassphraseFd(fd: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of createReadStream('', { fd, autoClose: true }) as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BYTES)
        throw new SecretsPassphraseError(`File descriptor ${fd} holds more than a passphrase (over ${MAX_BYTES} bytes).`);
      chunks.push(chunk);
    }
  } catch (e) {
    if (e instanceof SecretsPassphraseError) throw e;
    throw new SecretsPassphraseError(`The secrets passphrase could not be read from file descriptor ${fd}: ${(e as Error).message}`);
  }
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/\r?\n$/, '');
}
