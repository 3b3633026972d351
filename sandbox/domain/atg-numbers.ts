import { isValidNorwegianAccount } from '../../shared/schemas/atg';

/** MOD10 (Luhn) check digit of a KID body: weights 2,1,2,1... from the right, digit sums added. */
export function mod10(body: string): number {
  let sum = 0;
  for (let i = 0; i < body.length; i++) {
    const d = Number(body[body.length - 1 - i]) * (i % 2 === 0 ? 2 : 1);
    sum += d > 9 ? d - 9 : d;
  }
  return (10 - (sum % 10)) % 10;
}

/** MOD11 check of a KID body: weights 2..7 repeating from the right; 10 is written '-'. */
export function mod11(body: string): string | null {
  let sum = 0;
  for (let i = 0; i < body.length; i++) sum += Number(body[body.length - 1 - i]) * (2 + (i % 6));
  const r = 11 - (sum % 11);
  if (r === 11) return '0';
  return r === 10 ? '-' : String(r);
}

/** A KID is valid with either of the two check-digit methods Norwegian banks accept. */
export function isValidKid(kid: string): boolean {
  if (!/^\d{1,24}[\d-]$/.test(kid)) return false;
  const body = kid.slice(0, -1);
  const check = kid.slice(-1);
  return String(mod10(body)) === check || mod11(body) === check;
}

/** A KID of `length` digits: the payload padded from `reference`, then its MOD10 check digit. */
export function makeKid(reference: string, length: number): string {
  const body = reference
    .replace(/\D/g, '')
    .padStart(length - 1, '0')
    .slice(-(length - 1));
  return body + String(mod10(body));
}

/** A valid Norwegian account number from ten digits of randomness (retrying the 1 in 11 with no check digit). */
export function makeAccountNumber(random: () => number): string {
  for (;;) {
    let body = '';
    for (let i = 0; i < 10; i++) body += String(Math.floor(random() * 10));
    for (let d = 0; d <= 9; d++) if (isValidNorwegianAccount(body + d)) return body + d;
  }
}

/** Account number digits from input with dots and spaces (`1234.56.78903`). */
export const normalizeAccount = (s: string) => s.replace(/[\s.]/g, '');
