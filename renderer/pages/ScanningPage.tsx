import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AutoscanPanel } from '../components/services/AutoscanPanel';
import { ScanRegistrationsPanel } from '../components/services/ScanRegistrationsPanel';
import { ScanServicePanel } from '../components/services/ScanServicePanel';
import { SuppliersPanel } from '../components/services/SuppliersPanel';
import { useApp } from '../stores/context';

/** Scanning: the scan service, autoscan, and the suppliers who still send paper or PDF. */
export function ScanningPage() {
  const { t } = useTranslation();
  const accountId = useApp((s) => s.accountId);
  const [scanOn, setScanOn] = useState(false);
  const [autoOn, setAutoOn] = useState(false);
  if (!accountId) return null;
  return (
    <div className="page" key={accountId}>
      <h1>{t('scanning.title')}</h1>
      <p className="lead">{t('scanning.lead')}</p>
      <ScanServicePanel accountId={accountId} onChange={setScanOn} />
      <AutoscanPanel accountId={accountId} onChange={setAutoOn} />
      <ScanRegistrationsPanel accountId={accountId} />
      <SuppliersPanel accountId={accountId} scanningOn={scanOn || autoOn} />
    </div>
  );
}
