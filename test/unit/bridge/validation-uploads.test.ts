import { describe, expect, it } from 'vitest';
import { ValidationUploads } from '../../../main/core/bridge/validation-uploads';
import { excerptsOf } from '../../../main/core/bridge/validation-view';

const b64 = (s: string) => Buffer.from(s).toString('base64');

describe('files held for validation', () => {
  it('takes pieces in order, a repeated piece again, and answers the whole file once', () => {
    const u = new ValidationUploads(() => 0);
    const id = u.start('a.xml', 6);
    expect(u.chunk(id, 0, b64('abc'))).toBe(3);
    expect(u.chunk(id, 0, b64('abc'))).toBe(3); // a retried request
    expect(u.chunk(id, 3, b64('def'))).toBe(6);
    expect(u.finish(id)).toEqual({ name: 'a.xml', bytes: Buffer.from('abcdef') });
    expect(() => u.finish(id)).toThrow(/no longer held/);
  });

  it('refuses a size over the limit before holding anything, in plain words', () => {
    const u = new ValidationUploads(() => 0, 1024 * 1024);
    expect(() => u.start('big.xml', 2 * 1024 * 1024)).toThrow(
      'big.xml cannot be validated. The file is 2.0 MB; files of up to 1 MB are validated (and sent).',
    );
    expect(u.size).toBe(0);
  });

  it('keeps at most two files: a third drops the oldest, and one left alone ten minutes is dropped', () => {
    let now = 0;
    const u = new ValidationUploads(() => now);
    const first = u.start('1.xml', 1);
    const second = u.start('2.xml', 1);
    const third = u.start('3.xml', 1);
    expect(u.size).toBe(2);
    expect(() => u.chunk(first, 0, b64('x'))).toThrow(/choose it again/);
    u.chunk(second, 0, b64('x'));
    now = 10 * 60_000 + 1;
    expect(() => u.chunk(third, 0, b64('x'))).toThrow(/no longer held/);
    expect(u.size).toBe(0);
  });
});

describe('the source around a reported line', () => {
  const text = ['<a>', '<b/>', '<c/>', '<d/>', '<e/>', '<f/>', '<g/>', '<h/>', '</a>'].join('\r\n');

  it('gives three lines either side, numbered from the first, without carriage returns', () => {
    expect(excerptsOf(text, [5])).toEqual([{ line: 5, from: 2, lines: ['<b/>', '<c/>', '<d/>', '<e/>', '<f/>', '<g/>', '<h/>'] }]);
  });

  it('stops at the start and the end of the file, and drops a line the file does not have', () => {
    expect(excerptsOf(text, [1, 9, 1, 40])).toEqual([
      { line: 1, from: 1, lines: ['<a>', '<b/>', '<c/>', '<d/>'] },
      { line: 9, from: 6, lines: ['<f/>', '<g/>', '<h/>', '</a>'] },
    ]);
    expect(excerptsOf(text, [])).toEqual([]);
  });

  it('cuts a very long line', () => {
    const [e] = excerptsOf(`<x>${'y'.repeat(10_000)}</x>`, [1]);
    expect(e?.lines[0]?.length).toBe(400);
  });
});
