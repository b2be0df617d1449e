import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import type { Campaign } from '../../../../shared/http/campaigns.schemas';
import { actingIdentityAtom, sessionAtom } from '../../../app/session/session.atoms';
import { useServices } from '../../../app/useServices';
import { useRemoteQuery } from '../../../lib/useRemoteQuery';
import { EmptyState, PageHeader } from '../../../ui/page';
import { RemoteView } from '../../../ui/remote';
import { fetchCampaign, type Who } from '../campaigns.api';
import { CampaignWizard, type WizardStart } from './CampaignWizard';
import { emptyForm, formOf } from './wizardForm';
import { clearWizard, readWizard } from './wizardStore';
import './wizard.css';

const NEW_SLOT = 'new';

/** What the wizard opens with: what was typed here before (kept locally), else the stored campaign, else a new form. */
function startOf(who: Who, brandName: string, campaign: Campaign | null): WizardStart {
  const slot = campaign?._id ?? NEW_SLOT;
  const kept = readWizard(who.brand_id, slot, brandName);
  // Local typing newer than the stored campaign wins; an older copy (saved elsewhere since) does not.
  const fresh = kept && (!campaign || kept.savedAt >= campaign.updated_at);
  if (kept && fresh) return { form: kept.form, step: kept.step, campaign, slot, restored: true, keptId: kept.campaignId };
  return { form: campaign ? formOf(campaign) : emptyForm(brandName), step: 0, campaign, slot, restored: false, keptId: null };
}

/** /campaigns/new and /campaigns/{id}/edit: the wizard, restored to where the person left it. */
export function CampaignWizardScreen() {
  const who = useAtomValue(actingIdentityAtom);
  const { id } = useParams();
  return (
    <div className="page campaign-wizard-page">
      <PageHeader title={id ? 'Edit campaign' : 'New campaign'} description="Five steps: the campaign, the brief, the dates, the videos and the look." />
      <p><Link to="/campaigns" className="back-link"><span className="directional-icon" aria-hidden="true">←</span><span>All campaigns</span></Link></p>
      {!who ? <EmptyState title="No brand yet">Connect a brand to run campaigns.</EmptyState> : id ? <EditWizard who={who} id={id} /> : <NewWizard who={who} />}
    </div>
  );
}

function useBrandName(): string {
  return useAtomValue(sessionAtom)?.currentBrand?.name ?? '';
}

/** A new campaign; one begun before (a reload, a crash) continues, with its draft if it had one. */
function NewWizard({ who }: { who: Who }) {
  const brandName = useBrandName();
  // Read once per start: the first autosave writes a draft id into the kept copy, which must not swap the wizard
  // under the person's hands on a later render.
  const [{ generation, start }, setOpened] = useState(() => ({ generation: 0, start: startOf(who, brandName, null) }));
  const startOver = () => {
    clearWizard(who.brand_id, NEW_SLOT);
    setOpened({ generation: generation + 1, start: startOf(who, brandName, null) });
  };
  if (start.keptId) return <KeptDraft key={generation} who={who} id={start.keptId} start={start} onStartOver={startOver} />;
  return <CampaignWizard key={generation} who={who} start={start} onStartOver={startOver} />;
}

/** A new campaign whose draft was already saved: its banner and state come from the back end, the typing from here. */
function KeptDraft({ who, id, start, onStartOver }: { who: Who; id: string; start: WizardStart; onStartOver: () => void }) {
  const { api } = useServices();
  const draft = useRemoteQuery(`campaign|${id}`, useCallback(() => fetchCampaign(api.main, who, id), [api, who, id]));
  // A draft deleted meanwhile: the typing is still here and becomes a new draft.
  if (draft.state.phase === 'failure' && draft.state.code === 404) return <CampaignWizard who={who} start={{ ...start, keptId: null }} onStartOver={onStartOver} />;
  return (
    <RemoteView state={draft.state} what="the draft" onRetry={draft.reload}>
      {(campaign) => <CampaignWizard who={who} start={{ ...start, campaign }} onStartOver={onStartOver} />}
    </RemoteView>
  );
}

function EditWizard({ who, id }: { who: Who; id: string }) {
  const { api } = useServices();
  const brandName = useBrandName();
  const [generation, setGeneration] = useState(0);
  const stored = useRemoteQuery(`campaign|${id}|${generation}`, useCallback(() => fetchCampaign(api.main, who, id), [api, who, id]));
  return (
    <RemoteView state={stored.state} what="the campaign" onRetry={stored.reload}>
      {(campaign) => (
        <CampaignWizard key={generation} who={who} start={startOf(who, brandName, campaign)} onStartOver={() => {
          clearWizard(who.brand_id, campaign._id);
          setGeneration((n) => n + 1);
        }} />
      )}
    </RemoteView>
  );
}
