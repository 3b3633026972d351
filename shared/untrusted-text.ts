// Text that strangers wrote (a sender's name, an attachment's file name, a link the service hands on)
// is made safe here, by one set of rules the engine and the screen share.

/**
 * Characters that change how text around them is shown without being seen themselves: Unicode's
 * format characters (category Cf). They are the bidirectional controls (U+202A–202E embeddings and
 * overrides, U+2066–2069 isolates, U+200E/200F marks, U+061C the Arabic letter mark), the zero-width
 * ones (U+200B–200D, U+2060 word joiner, U+FEFF), and the rest of their kind (soft hyphen, invisible
 * operators, tag characters that can hide a whole word): the class is taken whole so that no member
 * is forgotten. `invoice\u202Efdp.exe` is shown as `invoiceexe.pdf`; a zero-width space makes two
 * names that look alike differ. Emoji joined by U+200D fall apart into their parts, which a file
 * name can bear.
 */
const INVISIBLE = /\p{Cf}/gu;

/** The text without its invisible controls: what a received file or folder is named from. */
export function stripInvisible(text: string): string {
  return text.replace(INVISIBLE, '');
}

/** Whether the text holds any invisible control. */
export function hasInvisible(text: string): boolean {
  return text.search(INVISIBLE) !== -1;
}

/**
 * The text as shown on screen: each invisible control replaced by a visible marker (`⟦U+202E⟧`), so a
 * spoofed name looks spoofed instead of taking another's look. Text without one is answered as is.
 */
export function revealInvisible(text: string): string;
export function revealInvisible(text: string | null | undefined): string | null | undefined;
export function revealInvisible(text: string | null | undefined): string | null | undefined {
  if (!text) return text;
  return text.replace(INVISIBLE, (c) => `⟦U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}⟧`);
}

/**
 * A link the service handed on, when it may be followed: only `https:` (never `javascript:`, `file:`,
 * `data:` or a plain-HTTP page a network could change). Null otherwise.
 */
export function httpsLinkOrNull(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' && url.hostname !== '' ? url.href : null;
  } catch {
    return null;
  }
}
