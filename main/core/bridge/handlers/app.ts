import type { BridgeDeps, Handlers } from '../types';

/** What the renderer needs to know about the app and its own preferences. */
export function appHandlers(d: BridgeDeps): Pick<Handlers, 'app.info' | 'settings.get' | 'settings.set'> {
  return {
    'app.info': async () => ({
      version: d.host.version,
      host: d.host.kind,
      dataDir: d.dataDir,
      embeddedSandboxUrl: d.engine.embeddedSandboxUrl,
      capabilities: { ...d.host.capabilities, chooseFolder: d.host.chooseFolder !== undefined },
      secretStore: { ...d.host.secretStore },
    }),
    'settings.get': () => d.settings.read(),
    'settings.set': async (input) => {
      const saved = await d.settings.write(input);
      d.engine.setDetectLanguage(saved.language);
      return saved;
    },
  };
}
