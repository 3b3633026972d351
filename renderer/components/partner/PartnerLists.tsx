import { useTranslation } from 'react-i18next';
import type { PartnerCompanyRef } from '../../../shared/bridge/partner';
import { revealInvisible } from '../../../shared/untrusted-text';
import { useCommand } from '../../hooks/use-command';
import { PartnerTable } from './PartnerTable';

interface ListProps {
  accountId: string;
  window: { after: string; before?: string };
  filter: string;
  onAdd(row: PartnerCompanyRef): void;
}

/** Invoices the linked companies received in the window, newest first, each naming its company. */
export function InboundList({ accountId, window, filter, onAdd, state }: ListProps & { state: 'all' | 'CREATED' | 'HANDLED' }) {
  const { t } = useTranslation();
  const q = useCommand('partner.inbound', { accountId, ...window, state });
  return (
    <PartnerTable
      q={q}
      kind="inbound"
      headers={[t('partner.inbound.sender'), t('partner.status')]}
      filter={filter}
      onAdd={onAdd}
      rowKey={(r) => `${r.companyId}|${r.invoiceId}`}
      cells={(r) => (
        <>
          <td>{revealInvisible(r.senderName) ?? '–'}</td>
          <td>{r.state ? t(`partner.inbound.stateNames.${r.state}`, { defaultValue: r.state }) : '–'}</td>
        </>
      )}
    />
  );
}

/** Sends of the linked companies that failed in the window, newest first, with what went wrong. */
export function ErrorList({ accountId, window, filter, onAdd }: ListProps) {
  const { t } = useTranslation();
  const q = useCommand('partner.outboundErrors', { accountId, ...window });
  return (
    <PartnerTable
      q={q}
      kind="errors"
      headers={[t('partner.errors.recipient'), t('partner.errors.error')]}
      filter={filter}
      onAdd={onAdd}
      rowKey={(r) => `${r.companyId}|${r.invoiceId}|${r.happenedAt}`}
      cells={(r) => (
        <>
          <td>{revealInvisible(r.recipientName) ?? '–'}</td>
          <td>{r.error || '–'}</td>
        </>
      )}
    />
  );
}
