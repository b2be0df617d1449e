import { useAtomValue } from 'jotai';
import { useCallback, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { CAMPAIGN_TAB_LABELS, CAMPAIGN_TABS, type Campaign } from '../../../shared/http/campaigns.schemas';
import { actingIdentityAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { useRemoteQuery } from '../../lib/useRemoteQuery';
import { SelectField } from '../../ui/form';
import { EmptyState, PageHeader } from '../../ui/page';
import { RemoteView } from '../../ui/remote';
import { Tabs } from '../../ui/tabs';
import { CampaignCard } from './CampaignCard';
import { QrModal } from './QrModal';
import { fetchCampaigns, type Who } from './campaigns.api';
import './campaigns.css';

/** A teammate's campaign (new, edited, a video submitted to it) shows in the list (issue 29). */
const CAMPAIGNS_LIVE = { kinds: ['campaign'] } as const;

type Tab = (typeof CAMPAIGN_TABS)[number];
type Sort = 'OLD' | 'NEW';
const SORT_OPTIONS = [{ value: 'OLD' as const, label: 'Oldest first' }, { value: 'NEW' as const, label: 'Newest first' }];
const EMPTY: Readonly<Record<Tab, string>> = {
  active: 'No campaign is running now.',
  past: 'No campaign has ended yet.',
  draft: 'No draft: a campaign being prepared waits here until it is published.',
};

/** Campaigns (spec §2): Active, Past and Draft Campaigns (default Active), sorted oldest first by default, searchable. */
export function CampaignsScreen() {
  const who = useAtomValue(actingIdentityAtom);
  return (
    <div className="page campaigns-page">
      <PageHeader title="Campaigns" description="Campaigns inviting creators to make videos for your brand: running, ended and in preparation."
        actions={who ? <Link className="btn btn--primary" to="/campaigns/new">New campaign</Link> : undefined} />
      {who ? <CampaignList who={who} /> : <EmptyState title="No brand yet">Connect a brand to run campaigns.</EmptyState>}
    </div>
  );
}

function CampaignList({ who }: { who: Who }) {
  const { api } = useServices();
  const panelId = useId();
  // The tab lives in the address: the wizard sends a published campaign to Active and a draft to Draft.
  const [params, setParams] = useSearchParams();
  const tab: Tab = (CAMPAIGN_TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'active';
  const setTab = (next: Tab) => setParams(next === 'active' ? {} : { tab: next }, { replace: true });
  const [sort, setSort] = useState<Sort>('OLD');
  const [search, setSearch] = useState('');
  const [qr, setQr] = useState<Campaign | null>(null);
  const list = useRemoteQuery(`campaigns|${who.brand_id}|${tab}|${sort}|${search}`, useCallback(() => fetchCampaigns(api.main, who, { tab, sort, search }), [api, who, tab, sort, search]), CAMPAIGNS_LIVE);
  const counts = list.state.phase === 'success' ? list.state.body.counts : null;
  const items = CAMPAIGN_TABS.map((value) => ({ value, label: counts ? `${CAMPAIGN_TAB_LABELS[value]} (${counts[value]})` : CAMPAIGN_TAB_LABELS[value] }));
  return (
    <>
      <Tabs label="Campaign tabs" items={items} value={tab} onChange={setTab} panelId={panelId} />
      <div id={panelId} role="tabpanel" className="campaigns-panel">
        <div className="campaigns-toolbar">
          <label className="toolbar-field">
            <span>Search campaigns</span>
            <input className="input" type="search" value={search} maxLength={200} placeholder="Headline or hashtag" onChange={(event) => setSearch(event.target.value)} />
          </label>
          <SelectField label="Sort" value={sort} options={SORT_OPTIONS} onChange={setSort} />
        </div>
        <RemoteView state={list.state} what="the campaigns" onRetry={list.reload}>
          {(body) => body.campaigns.length === 0
            ? <EmptyState title={search ? 'No campaign matches' : 'Nothing here yet'}>{search ? 'Try another word, or clear the search.' : EMPTY[tab]}</EmptyState>
            : <div className="campaign-grid">{body.campaigns.map((campaign) => <CampaignCard key={campaign._id} campaign={campaign} onQr={() => setQr(campaign)} />)}</div>}
        </RemoteView>
      </div>
      {qr && <QrModal who={who} campaign={qr} onClose={() => setQr(null)} />}
    </>
  );
}
