/**
 * How many guesses a passphrase is worth, roughly: length times the bits of the alphabet it draws
 * from, after what guessers try first is taken out. Counting entropy rather than characters is what
 * NIST SP 800-63B and OWASP ask for; zxcvbn does it better but is unmaintained (its successor
 * @zxcvbn-ts weighs about 1.5 MB with its dictionaries), and a key file's passphrase only needs the
 * obvious refused: a known password, one character repeated, a run of the keyboard or the alphabet.
 */

/** About a thousand years at a thousand scrypt guesses a second (N = 2^17 on a few GPUs) is 2^45; 50 leaves room. */
export const MIN_PASSPHRASE_BITS = 50;

/** The start of every leaked-password list, lower case; a passphrase that is one of these plus digits or signs is refused. */
const COMMON = new Set(
  (
    'password passw0rd p@ssw0rd p@ssword passwort salasana lösenord losenord passord qwerty qwertz azerty asdf ' +
    'asdfgh asdfghjkl zxcvbn zxcvbnm iloveyou letmein welcome admin administrator root login master secret ' +
    'monkey dragon football baseball sunshine princess shadow superman batman trustno1 starwars whatever ' +
    'abc abcdef abcdefgh qazwsx 1qaz2wsx qwertyuiop changeme default test testing guest user ' +
    'einvoice invoice lasku faktura sync einvoicesync hello freedom summer winter spring autumn kesä talvi ' +
    'hunter hunter2 pokemon mustang michael jennifer jordan charlie killer soccer hockey ninja'
  ).split(' '),
);

/** Keyboard rows and the alphabet, forwards: a run of 3 or more taken from one of these counts as one character. */
const RUNS = ['abcdefghijklmnopqrstuvwxyz', '0123456789', 'qwertyuiop', 'asdfghjkl', 'zxcvbnm', '1234567890'];

function alphabetBits(chars: string[]): number {
  let pool = 0;
  if (chars.some((c) => /[a-z]/.test(c))) pool += 26;
  if (chars.some((c) => /[A-Z]/.test(c))) pool += 26;
  if (chars.some((c) => /[0-9]/.test(c))) pool += 10;
  if (chars.some((c) => /[ -/:-@[-`{-~]/.test(c))) pool += 33;
  // Letters beyond ASCII (ä, ö, å, ø) widen the alphabet, though people use few of them.
  if (chars.some((c) => c > '~')) pool += 40;
  return Math.log2(Math.max(pool, 2));
}

/** Characters that add something: a repeat of the previous one, or the next step of a run, adds nothing. */
function effectiveLength(chars: string[]): number {
  let n = 0;
  for (let i = 0; i < chars.length; i++) {
    const c = (chars[i] as string).toLowerCase();
    const prev = i > 0 ? (chars[i - 1] as string).toLowerCase() : '';
    if (c === prev) continue;
    const step = prev + c;
    if (prev && RUNS.some((r) => r.includes(step) || [...r].reverse().join('').includes(step))) continue;
    n++;
  }
  return n;
}

export function passphraseBits(passphrase: string): number {
  const chars = [...passphrase.normalize('NFC')];
  const core = passphrase
    .toLowerCase()
    .replace(/^[\d\W_]+|[\d\W_]+$/gu, '')
    .replace(/[\s_-]+/g, '');
  if (COMMON.has(core) || COMMON.has(passphrase.toLowerCase())) return 0;
  return effectiveLength(chars) * alphabetBits(chars);
}

/** Null when the passphrase is good enough for a new file, else what to do, in plain words. */
export function passphraseWeakness(passphrase: string): string | null {
  if (passphraseBits(passphrase) >= MIN_PASSPHRASE_BITS) return null;
  return (
    'The secrets passphrase is too easy to guess. Use a longer one: four or five words that have nothing to do with ' +
    'each other (like "lamp orbit cedar whistle"), or 12 or more mixed letters, digits and signs.'
  );
}
