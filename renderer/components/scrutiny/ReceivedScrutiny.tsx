import { DetectNow } from './DetectNow';
import { NationalnetResponses } from './NationalnetResponses';
import { SenderReports } from './SenderReports';

/** What a received invoice's detail offers to judge it: Detect kept current and checks on demand, and reporting its sender. */
export function ReceivedScrutiny({
  accountId,
  invoiceId,
  detectStatus,
  onDetectResult,
}: {
  accountId: string;
  invoiceId: string;
  detectStatus: string | null;
  /** A Detect result fetched since the detail was read: the detail reads the invoice again to show it. */
  onDetectResult?(): void;
}) {
  return (
    <>
      <SenderReports accountId={accountId} invoiceId={invoiceId} warned={detectStatus === 'WARN'} />
      <DetectNow accountId={accountId} invoiceId={invoiceId} shownStatus={detectStatus} onResult={onDetectResult} />
      <NationalnetResponses accountId={accountId} invoiceId={invoiceId} />
    </>
  );
}
