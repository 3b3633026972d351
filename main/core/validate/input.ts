import { XMLValidator } from 'fast-xml-parser';
import { RenderError } from '../render/errors';
import { decodeXml, guardStructure, MAX_DEPTH } from '../render/xml';

/** The largest file validated: the service takes files of up to 100 MB (sync/local-checks.ts). */
export const MAX_VALIDATE_BYTES = 100 * 1024 * 1024;

/** The file cannot be read as XML at all, so no rule is run; the message says why in plain words. */
export class UnreadableFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UnreadableFileError';
  }
}

/** The file is larger than the check takes (a limit of this app, not a fault of the file's). */
export class TooLargeToCheckError extends UnreadableFileError {
  constructor(message: string) {
    super(message);
    this.name = 'TooLargeToCheckError';
  }
}

export function tooLarge(size: number, max = MAX_VALIDATE_BYTES): string | null {
  if (size <= max) return null;
  return `The file is ${(size / 1024 / 1024).toFixed(1)} MB; files of up to ${Math.round(max / 1024 / 1024)} MB are validated (and sent).`;
}

/**
 * The checks before any rule runs, cheapest first: empty, too large, a zip, not text, not XML, a DTD or
 * entity declaration (refused: entity expansion is how XML files attack parsers, and no invoice format
 * uses one), nesting deeper than any invoice, not well-formed. Answers the decoded text, or throws an
 * UnreadableFileError in plain words.
 */
export function readableXml(bytes: Uint8Array, max = MAX_VALIDATE_BYTES): string {
  if (bytes.length === 0) throw new UnreadableFileError('The file is empty.');
  const big = tooLarge(bytes.length, max);
  if (big) throw new TooLargeToCheckError(big);
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    throw new UnreadableFileError('The file is a zip archive. Validate the invoice XML inside it.');
  }
  let text: string;
  try {
    text = decodeXml(bytes);
  } catch (e) {
    throw new UnreadableFileError(`${(e as Error).message}.`);
  }
  if (!/^\s*</.test(text.slice(0, 1024))) {
    throw new UnreadableFileError(
      'The file is not XML. An e-invoice is an XML file (UBL, CII, Finvoice ...); a PDF or a picture of an invoice cannot be checked.',
    );
  }
  try {
    guardStructure(text, MAX_DEPTH);
  } catch (e) {
    if (e instanceof RenderError) throw new UnreadableFileError(`${e.message}.`);
    throw e;
  }
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new UnreadableFileError(
      `The file is not well-formed XML (line ${valid.err.line}, column ${valid.err.col}: ${valid.err.msg}), so no rule can be checked.`,
    );
  }
  return text;
}
