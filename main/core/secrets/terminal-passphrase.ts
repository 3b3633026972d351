import password from '@inquirer/password';
import { SecretsPassphraseError } from './encrypted-file';

/**
 * Asks for the encrypted secrets file's passphrase on the terminal (on stderr, so stdout stays the
 * command's answer); a new file's twice, so a typing mistake does not lock the keys away.
 */
export async function readPassphrase(purpose: 'create' | 'open', file: string): Promise<string> {
  if (!process.stdin.isTTY) {
    throw new SecretsPassphraseError(
      'The secrets passphrase is needed: give it with --passphrase-fd N or EINVOICE_SECRETS_PASSPHRASE (no terminal to ask on).',
    );
  }
  const ask = (message: string) => password({ message, mask: '*' }, { output: process.stderr });
  if (purpose === 'open') return ask(`Passphrase of ${file}:`);
  process.stderr.write(
    `API keys are kept in ${file} (no OS keychain is used), encrypted with a passphrase of your choosing.\n` +
      'Keep it: the keys cannot be read without it. Give it with --passphrase-fd N (or EINVOICE_SECRETS_PASSPHRASE) not to be asked.\n',
  );
  const first = await ask('New secrets passphrase (four or five unrelated words, or 12 or more mixed characters):');
  const again = await ask('The same passphrase again:');
  if (first !== again) throw new SecretsPassphraseError('The two passphrases differ; nothing was saved.');
  return first;
}
