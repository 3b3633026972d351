import confirm from '@inquirer/confirm';
import password from '@inquirer/password';
import { UsageError } from './context';

/** Asks for a secret on a terminal without echoing it; refuses when there is no terminal. */
export async function readSecret(what: string): Promise<string> {
  if (!process.stdin.isTTY) throw new UsageError(`${what} needed: set EINVOICE_API_KEY (no terminal to ask on)`);
  const value = await password({ message: `${what}:`, mask: '*' });
  if (!value.trim()) throw new UsageError(`${what} is empty`);
  return value.trim();
}

export async function askYesNo(message: string, def = true): Promise<boolean> {
  if (!process.stdin.isTTY) return false;
  return confirm({ message, default: def });
}
