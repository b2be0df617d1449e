import { useAtomValue } from 'jotai';
import { useCallback, useId, useState } from 'react';
import { actingIdentityAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { useRemoteQuery } from '../../lib/useRemoteQuery';
import { EmptyState, PageHeader } from '../../ui/page';
import { RemoteView } from '../../ui/remote';
import { Tabs } from '../../ui/tabs';
import { AgreementsTable } from './AgreementsTable';
import { LicenseHistory, PurchaseHistory } from './LicenseHistory';
import { fetchLicenses, type Who } from './licensing.api';
import './licensing.css';

/** A license asked for, answered, paid or ended shows at once (issue 29). */
const LICENSES_LIVE = { kinds: ['license'] } as const;

type Tab = 'agreements' | 'history' | 'purchases';

/** Licensing (spec §2): the brand's license agreements, their history and its purchases. */
export function LicensingScreen() {
  const who = useAtomValue(actingIdentityAtom);
  return (
    <div className="page licensing-page">
      <PageHeader title="Licensing" description="License agreements for creator videos, with their history and your purchases. Ask for a license from a video's page." />
      {who ? <Licensing who={who} /> : <EmptyState title="No brand yet">Connect a brand to license its creators' videos.</EmptyState>}
    </div>
  );
}

function Licensing({ who }: { who: Who }) {
  const { api } = useServices();
  const panelId = useId();
  const [tab, setTab] = useState<Tab>('agreements');
  const data = useRemoteQuery(`licenses|${who.brand_id}`, useCallback(() => fetchLicenses(api.main, who), [api, who]), LICENSES_LIVE);
  const counts = data.state.phase === 'success' ? { agreements: data.state.body.agreements.length, purchases: data.state.body.purchases.length } : null;
  const items = [
    { value: 'agreements' as const, label: counts ? `Agreements (${counts.agreements})` : 'Agreements' },
    { value: 'history' as const, label: 'History' },
    { value: 'purchases' as const, label: counts ? `Purchase history (${counts.purchases})` : 'Purchase history' },
  ];
  return (
    <>
      <Tabs label="Licensing views" items={items} value={tab} onChange={setTab} panelId={panelId} />
      <div id={panelId} role="tabpanel" className="licensing-panel">
        <RemoteView state={data.state} what="the license agreements" onRetry={data.reload}>
          {(body) => {
            if (tab === 'history') return <LicenseHistory agreements={body.agreements} />;
            if (tab === 'purchases') return <PurchaseHistory who={who} purchases={body.purchases} />;
            if (body.agreements.length === 0) return <EmptyState title="No license agreements yet">Open one of your videos and choose “License this video”.</EmptyState>;
            return <AgreementsTable who={who} agreements={body.agreements} onChanged={data.reload} />;
          }}
        </RemoteView>
      </div>
    </>
  );
}
