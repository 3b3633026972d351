import { useTranslation } from 'react-i18next';
import type { Environment } from '../../shared/enums';

/** Always on screen for sandbox accounts, so nobody mistakes the demo for the real service. */
export function SandboxBadge({ environment }: { environment: Environment }) {
  const { t } = useTranslation();
  if (environment === 'production') return null;
  return (
    <span className={`badge badge-${environment}`} title={t(`environment.help.${environment}`)}>
      {t(`environment.badge.${environment}`)}
    </span>
  );
}
