import { createReadStream } from 'node:fs';
import { StringDecoder } from 'node:string_decoder';
import { applyEntry, type ChainState, decodeEntry, GENESIS } from './chain-format';

/** Something wrong with the chain itself, at an entry (1-based line). */
export interface ChainProblem {
  line: number;
  what: 'unreadable' | 'altered' | 'out-of-order' | 'cut-short';
  detail: string;
}

export interface ChainRead {
  state: ChainState;
  entries: number;
  head: { seq: number; hash: string };
  problems: ChainProblem[];
  /** Bytes of whole lines read (where an append goes on). */
  wholeBytes: number;
}

/**
 * Reads a chain a piece at a time (a file, or an entry of an export's zip) and checks every link: each
 * entry sealed by its own hash, naming the previous one's, numbered one after it. A broken link is said
 * and the reading goes on from the entry as it stands, so one altered entry does not hide the rest.
 */
export class ChainReader {
  private readonly decoder = new StringDecoder('utf8');
  private rest = '';
  private line = 0;
  readonly result: ChainRead = { state: new Map(), entries: 0, head: { seq: 0, hash: GENESIS }, problems: [], wholeBytes: 0 };

  push(chunk: Uint8Array): void {
    const text = this.rest + this.decoder.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
    const lines = text.split('\n');
    this.rest = lines.pop() ?? '';
    for (const l of lines) this.take(l);
  }

  end(): ChainRead {
    const last = this.rest + this.decoder.end();
    if (last.length > 0) {
      this.line++;
      // An entry is only ever appended whole with its newline: a last line without one was cut.
      this.result.problems.push({ line: this.line, what: 'cut-short', detail: 'the last entry of the chain is cut short' });
    }
    return this.result;
  }

  private take(text: string): void {
    this.line++;
    const r = this.result;
    r.wholeBytes += Buffer.byteLength(text) + 1;
    if (text === '') {
      r.problems.push({ line: this.line, what: 'unreadable', detail: 'an empty line in the chain' });
      return;
    }
    const d = decodeEntry(text);
    if (!d.ok) {
      r.problems.push({ line: this.line, what: 'unreadable', detail: `entry ${this.line}: ${d.why}` });
      return;
    }
    const e = d.entry;
    if (!d.sealed) r.problems.push({ line: this.line, what: 'altered', detail: `entry ${e.seq} was changed after it was written` });
    else if (e.prev !== r.head.hash || e.seq !== r.head.seq + 1)
      r.problems.push({
        line: this.line,
        what: 'out-of-order',
        detail: `entry ${e.seq} does not follow entry ${r.head.seq}: an entry before it was changed, removed or added`,
      });
    applyEntry(r.state, e);
    r.entries++;
    r.head = { seq: e.seq, hash: TAIL_HASH(text) };
  }
}

const TAIL_HASH = (line: string) => line.slice(-66, -2);

/** Reads the chain file at `path` from its start, streamed; an absent file is an empty chain. */
export async function readChainFile(path: string): Promise<ChainRead> {
  const reader = new ChainReader();
  try {
    for await (const chunk of createReadStream(path)) reader.push(chunk as Buffer);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  return reader.end();
}
