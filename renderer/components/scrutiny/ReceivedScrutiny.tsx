import { DetectNow } from './DetectNow';
import { SenderReports } from './SenderReports';

/** What a received invoice's detail offers to judge it: Detect kept current and checks on demand, and reporting its sender. */
export function ReceivedScrutiny({ accountId, invoiceId, warned }: { accountId: string; invoiceId: string; warned: boolean }) {
  return (
    <>
      <SenderReports accountId={accountId} invoiceId={invoiceId} warned={warned} />
      <DetectNow accountId={accountId} invoiceId={invoiceId} />
    </>
  );
}
