import { useEffect, useState } from 'react';
import { useApp, useBridge } from '../../stores/context';

/**
 * Whether any account has a vendor API key, so the Partner page is offered only to an office that can
 * use it; asked again whenever the accounts change (one added, a vendor key given in place).
 */
export function usePartnerAccounts(): boolean {
  const bridge = useBridge();
  const accounts = useApp((s) => s.accounts);
  const [has, setHas] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again when the accounts change
  useEffect(() => {
    let live = true;
    bridge
      .invoke('partner.accounts', {})
      .then((list) => {
        if (live) setHas(list.length > 0);
      })
      // A host without the command (or a failure) offers no Partner page; nothing else depends on it.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [bridge, accounts]);
  return has;
}
