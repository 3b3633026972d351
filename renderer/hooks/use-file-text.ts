import { useEffect, useState } from 'react';
import type { BridgeErrorView } from '../../shared/bridge';
import { useBridge } from '../stores/context';
import { toErrorView } from '../stores/errors';

/** The text of a downloaded file (bank messages are XML), decoded as UTF-8. */
export function useFileText(accountId: string, path: string | null): { text: string | null; error: BridgeErrorView | null } {
  const bridge = useBridge();
  const [state, setState] = useState<{ text: string | null; error: BridgeErrorView | null }>({ text: null, error: null });
  useEffect(() => {
    if (!path) return;
    let live = true;
    bridge
      .invoke('files.read', { accountId, path })
      .then((f) => {
        const bin = atob(f.base64);
        const bytes = Uint8Array.from(bin, (c) => c.charCodeAt(0));
        if (live) setState({ text: new TextDecoder().decode(bytes), error: null });
      })
      .catch((e: unknown) => live && setState({ text: null, error: toErrorView(e) }));
    return () => {
      live = false;
    };
  }, [bridge, accountId, path]);
  return state;
}
