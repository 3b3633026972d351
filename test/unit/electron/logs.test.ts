import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileLogger, SecretScrubber } from '../../../main/electron/logs';
import { tempDir } from '../../support/temp';

const KEY = 'sk_live_4f1c9a7e2b8d4e6f0a1b3c5d7e9f1a2b';

describe('log files', () => {
  it('writes JSON lines into the log folder, readable by the owner only', () => {
    const dir = tempDir();
    const log = createFileLogger({ dir, fileName: 'main.log', scrubber: new SecretScrubber() });
    log.info('desktop app started', { accounts: 2 });
    log.debug('not at info level');
    const lines = readFileSync(join(dir, 'main.log'), 'utf8').trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] as string)).toMatchObject({ level: 'info', msg: 'desktop app started', accounts: 2 });
    if (process.platform !== 'win32') expect(statSync(join(dir, 'main.log')).mode & 0o077).toBe(0);
  });

  it('scrubs secrets wherever they appear: known keys, bearer tokens, key=value and JSON pairs', () => {
    const dir = tempDir();
    const scrubber = new SecretScrubber();
    scrubber.add(KEY);
    scrubber.add('short');
    const log = createFileLogger({ dir, fileName: 'engine.log', scrubber, level: 'debug' });
    log.error(`request failed for key ${KEY}`);
    log.warn('token refused', { header: 'Authorization: Bearer eyJhbGciOi.J9x-y_z', apiKey: 'whatever' });
    log.info('form sent', { body: `grant_type=client_credentials&client_secret=${KEY}x&scope=eui` });
    log.info('body', { text: '{"api_key":"abc\\"def","ok":1}' });
    log.info('a short word stays');
    const text = readFileSync(join(dir, 'engine.log'), 'utf8');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('eyJhbGciOi');
    expect(text).not.toContain('abc');
    expect(text).toContain('Bearer [redacted]');
    expect(text).toContain('client_secret=[redacted]');
    expect(text).toContain('"apiKey":"[redacted]"');
    expect(text).toContain('a short word stays');
    expect(text.trim().split('\n')).toHaveLength(5);
  });

  it('rotates by size and keeps a bounded number of files', () => {
    const dir = tempDir();
    const log = createFileLogger({ dir, fileName: 'main.log', scrubber: new SecretScrubber(), maxBytes: 2_000, keep: 3 });
    for (let i = 0; i < 400; i++) log.info('line', { i, pad: 'x'.repeat(40) });
    const files = readdirSync(dir).sort();
    expect(files).toEqual(['main.1.log', 'main.2.log', 'main.3.log', 'main.log']);
    for (const f of files) expect(statSync(join(dir, f)).size).toBeLessThan(2_000 + 200);
    // The newest line is in main.log, the one before it in main.1.log.
    const last = (f: string) => JSON.parse(readFileSync(join(dir, f), 'utf8').trim().split('\n').pop() as string).i as number;
    expect(last('main.log')).toBe(399);
    expect(last('main.1.log')).toBeLessThan(399);
    expect(last('main.2.log')).toBeLessThan(last('main.1.log'));
  });
});
