import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { UPDATE_FEED, UPDATE_PUBLISHERS } from '../../../main/electron/update-source';

const builderRequire = createRequire(createRequire(import.meta.url).resolve('app-builder-lib/package.json'));
const yaml = builderRequire('js-yaml') as { load(text: string): unknown };

interface BuilderConfig {
  win: { verifyUpdateCodeSignature?: boolean; signtoolOptions?: { publisherName?: string | string[] | null } };
  publish: { provider: string; url: string }[];
}
const config = yaml.load(readFileSync(new URL('../../../electron-builder.yml', import.meta.url), 'utf8')) as BuilderConfig;

describe('the update source built into the app', () => {
  it('is the feed electron-builder publishes for, over https', () => {
    expect(config.publish).toEqual([{ provider: 'generic', url: UPDATE_FEED }]);
    expect(new URL(UPDATE_FEED).protocol).toBe('https:');
  });

  it('makes app-update.yml name the publisher, so electron-updater checks the signature of every Windows update', () => {
    // app-builder-lib writes publisherName into app-update.yml when verifyUpdateCodeSignature is not
    // false and signtoolOptions.publisherName is set, signed build or not (PublishManager.js).
    expect(config.win.verifyUpdateCodeSignature).not.toBe(false);
    expect(config.win.signtoolOptions?.publisherName).toEqual([...UPDATE_PUBLISHERS]);
    expect(UPDATE_PUBLISHERS.length).toBeGreaterThan(0);
  });

  it('is read from no setting and no environment variable', () => {
    const main = readFileSync(new URL('../../../main/electron/main.ts', import.meta.url), 'utf8');
    const updater = readFileSync(new URL('../../../main/electron/updater.ts', import.meta.url), 'utf8');
    expect(main).toMatch(/feed: app\.isPackaged \? UPDATE_FEED : null/);
    for (const src of [main, updater]) {
      expect(src).not.toMatch(/UPDATE_FEED['"]?\]|env\.EINVOICE_UPDATE|updateFeed/);
    }
  });
});
