import { useEffect, useState } from 'react';
import type { BridgeErrorView } from '../../shared/bridge';
import { base64ToBlob } from '../components/file-bytes';
import { useBridge } from '../stores/context';
import { toErrorView } from '../stores/errors';

/** An object URL for a downloaded file (a PDF image to show), revoked when it is no longer shown. */
export function useFileUrl(
  accountId: string,
  path: string | null,
): { url: string | null; type: string | null; error: BridgeErrorView | null } {
  const bridge = useBridge();
  const [state, setState] = useState<{ url: string | null; type: string | null; error: BridgeErrorView | null }>({
    url: null,
    type: null,
    error: null,
  });
  useEffect(() => {
    if (!path) return;
    let url: string | null = null;
    let live = true;
    bridge
      .invoke('files.read', { accountId, path })
      .then((f) => {
        if (!live) return;
        url = URL.createObjectURL(base64ToBlob(f.base64, f.contentType));
        setState({ url, type: f.contentType, error: null });
      })
      .catch((e: unknown) => live && setState({ url: null, type: null, error: toErrorView(e) }));
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [bridge, accountId, path]);
  return state;
}
