import { useSetAtom } from 'jotai';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Campaign } from '../../../../shared/http/campaigns.schemas';
import { useServices } from '../../../app/useServices';
import { toFailure } from '../../../lib/httpFailure';
import { pushBannerAtom } from '../../../ui/banner';
import { ConfirmDialog } from '../../../ui/dialog';
import { FormAlert } from '../../../ui/form';
import { saveCampaign, uploadBanner, type Who } from '../campaigns.api';
import type { BannerFlush } from './BannerField';
import { BasicsStep } from './BasicsStep';
import { BriefStep } from './BriefStep';
import { DatesStep } from './DatesStep';
import { LookStep } from './LookStep';
import { PhonePreview } from './PhonePreview';
import { VideosStep } from './VideosStep';
import type { StepProps } from './stepProps';
import { useDraftAutosave, type DraftStatus } from './useDraftAutosave';
import { useProblemFocus } from './useProblemFocus';
import { checkForm, firstStepWith, LAST_STEP, stepProblems, WIZARD_STEPS, type CampaignForm, type Problems } from './wizardForm';
import { clearWizard, writeWizard } from './wizardStore';

export interface WizardStart {
  form: CampaignForm;
  step: number;
  campaign: Campaign | null;
  /** The local slot the typing is kept in ('new' or the campaign id). */
  slot: string;
  /** Set when what was typed before a reload or crash was brought back. */
  restored: boolean;
  /** The draft a kept new campaign was already saved to, before it is read back. */
  keptId: string | null;
}

function statusText(status: DraftStatus, stored: boolean, published: boolean): string {
  if (published) return stored ? 'Changes are kept on this computer until you save them.' : 'Changes could not be kept on this computer: save them before leaving.';
  switch (status.kind) {
    case 'saving': return 'Saving the draft…';
    case 'saved': return `Draft saved at ${status.at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit', second: '2-digit' })}.`;
    case 'waiting': return `Kept on this computer; saved to your drafts once this is fixed: ${status.reason}`;
    case 'failed': return `Kept on this computer; the draft could not be saved to the back end (${status.error}). It is tried again as you type.`;
    case 'idle': return 'Your draft is saved as you type.';
  }
}

/** The 5-step campaign wizard (spec §2, issue 14): each step checked before the next, everything typed kept. */
export function CampaignWizard({ who, start, onStartOver }: { who: Who; start: WizardStart; onStartOver: () => void }) {
  const { api } = useServices();
  const navigate = useNavigate();
  const pushBanner = useSetAtom(pushBannerAtom);
  const [form, setForm] = useState(start.form);
  const [step, setStep] = useState(start.step);
  const [campaign, setCampaign] = useState(start.campaign);
  const [problems, setProblems] = useState<Problems>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [stored, setStored] = useState(true);
  const heading = useRef<HTMLHeadingElement>(null);
  const bannerFlush = useRef<BannerFlush | null>(null);
  const { formRef, announcement, showProblems, clear: clearAnnouncement } = useProblemFocus();
  const [confirmingDiscard, setConfirmingDiscard] = useState(false);
  const [discarding, setDiscarding] = useState(false);
  // The furthest step opened so far; a stored campaign (or draft) has been through them all, so each opens directly.
  const [reached, setReached] = useState(start.campaign ? LAST_STEP : start.step);
  const published = campaign !== null && campaign.state !== 'draft';
  const [finished, setFinished] = useState(false);
  // Every keystroke is kept on this computer at once: a reload, a crash or a lost back end loses nothing.
  const keep = (next: { form?: CampaignForm; step?: number; campaignId?: string | null }) => {
    if (finished) return;
    setStored(writeWizard(who.brand_id, start.slot, { form: next.form ?? form, step: next.step ?? step, campaignId: next.campaignId ?? campaign?._id ?? null }));
  };
  const { status, write, discard } = useDraftAutosave({ who, form, campaign: start.campaign, enabled: !published && !finished && !discarding, onSaved: (saved) => {
    setCampaign(saved);
    keep({ campaignId: saved._id });
  } });

  const set: StepProps['set'] = (field, value) => {
    const next = { ...form, [field]: value };
    setForm(next);
    keep({ form: next });
    setProblems((current) => {
      if (current[field] === undefined) return current;
      const { [field]: _fixed, ...rest } = current;
      return rest;
    });
  };

  const goTo = (next: number, focusHeading = true) => {
    setStep(next);
    setReached((furthest) => Math.max(furthest, next));
    keep({ step: next });
    if (focusHeading) requestAnimationFrame(() => heading.current?.focus());
  };

  const next = async () => {
    const found = stepProblems(step, form);
    setProblems(found);
    const count = Object.keys(found).length;
    if (count > 0) return showProblems(count);
    // A banner chosen on step 1 is stored before moving on: its upload is waited for, or tried again.
    if (step === 0 && bannerFlush.current && !(await bannerFlush.current())) return showProblems(1);
    clearAnnouncement();
    goTo(step + 1);
  };

  /** The banner belongs to a stored campaign: a new one is saved as a draft first (it needs its headline). */
  const sendBanner = async (blob: Blob, onProgress: (fraction: number) => void) => {
    const { fields, problems: found } = checkForm(form, false);
    if (!campaign && !fields) {
      setProblems(found);
      throw new Error(found.campaign_headline ? 'Give the campaign a headline first: the banner is kept with its draft.' : 'Fix the marked fields first: the banner is kept with the draft.');
    }
    await write(async (id) => uploadBanner(api.main, who, id ?? (await saveCampaign(api.main, who, null, fields!, false))._id, blob, 'banner.jpg', onProgress));
  };

  const finish = async (publish: boolean) => {
    const { fields, problems: found } = checkForm(form, publish || published);
    setProblems(found);
    if (!fields) {
      const first = firstStepWith(found);
      if (first !== null) goTo(first, false);
      return showProblems(Object.keys(stepProblems(first ?? step, form)).length || 1);
    }
    if (step === 0 && bannerFlush.current && !(await bannerFlush.current())) return showProblems(1);
    setBusy(true);
    setError(null);
    try {
      const saved = await write((id) => saveCampaign(api.main, who, id, fields, publish));
      setFinished(true);
      clearWizard(who.brand_id, start.slot);
      pushBanner(published ? 'Campaign saved.' : publish ? `“${saved.campaign_headline}” is published.` : 'Draft saved.', 'success');
      navigate(`/campaigns?tab=${saved.tab}`);
    } catch (failure) {
      setError(toFailure(failure).error || 'The campaign could not be saved.');
      setBusy(false);
    }
  };

  const discardDraft = async () => {
    setDiscarding(true);
    try {
      await discard();
    } catch (failure) {
      setDiscarding(false);
      throw failure;
    }
    setFinished(true);
    clearWizard(who.brand_id, start.slot);
    pushBanner('Draft discarded.', 'success');
    navigate('/campaigns?tab=draft');
  };

  const props: StepProps = { form, problems, set };
  const current = WIZARD_STEPS[step]!;
  return (
    <div className="campaign-wizard">
      <ol className="campaign-wizard__steps" aria-label="Steps">
        {WIZARD_STEPS.map((item, index) => (
          <li key={item.title} className="campaign-wizard__step" data-state={index === step ? 'current' : index < step ? 'done' : 'todo'}>
            <button type="button" className="campaign-wizard__step-button" aria-current={index === step ? 'step' : undefined} disabled={index > reached} onClick={() => goTo(index)}>
              <span className="campaign-wizard__step-number">{index + 1}</span> {item.title}
            </button>
          </li>
        ))}
      </ol>
      {start.restored && (
        <FormAlert tone="info">
          What you typed before was brought back.{' '}
          <button type="button" className="link-button" onClick={onStartOver}>{campaign && !published ? 'Start a new campaign (this one stays in your drafts)' : 'Discard it'}</button>
        </FormAlert>
      )}
      <div className="campaign-wizard__body">
        <form ref={formRef} className="campaign-wizard__form" noValidate onSubmit={(event) => {
          event.preventDefault();
          if (step < LAST_STEP) void next();
          else void finish(true);
        }}>
          <h2 ref={heading} tabIndex={-1} className="campaign-wizard__title">Step {step + 1} of {WIZARD_STEPS.length}: {current.title}</h2>
          {step === 0 && <BasicsStep {...props} who={who} banner={campaign?.banner_image ?? null} uploadBanner={sendBanner} registerBannerFlush={(flush) => {
            bannerFlush.current = flush;
          }} />}
          {step === 1 && <BriefStep {...props} />}
          {step === 2 && <DatesStep {...props} />}
          {step === 3 && <VideosStep {...props} />}
          {step === 4 && <LookStep {...props} />}
          {error && <FormAlert tone="error">{error}</FormAlert>}
          <p className="campaign-wizard__status" role="status">{statusText(status, stored, published)}</p>
          <p className="visually-hidden" aria-live="assertive" aria-atomic="true" data-testid="wizard-announcement">{announcement}</p>
          <div className="campaign-wizard__actions">
            {step > 0 && <button type="button" className="btn" onClick={() => goTo(step - 1)}>Back</button>}
            <span className="campaign-wizard__spacer" />
            {!published && (
              <button type="button" className="btn" disabled={busy || discarding} onClick={() => setConfirmingDiscard(true)}>Discard draft</button>
            )}
            <button type="button" className="btn" disabled={busy} onClick={() => void finish(false)}>{published ? 'Save changes' : 'Save as draft'}</button>
            {step < LAST_STEP
              ? <button type="submit" className="btn btn--primary">Next</button>
              : !published && <button type="submit" className="btn btn--primary" disabled={busy} aria-busy={busy}>Publish</button>}
          </div>
        </form>
        <PhonePreview form={form} banner={campaign?.banner_image ?? null} />
      </div>
      {confirmingDiscard && (
        <ConfirmDialog title="Discard this draft?" confirmLabel="Discard draft" cancelLabel="Keep editing" onConfirm={discardDraft}
          onClose={() => setConfirmingDiscard(false)}
          question={campaign
            ? <>The draft <bdi>“{campaign.campaign_headline}”</bdi> is deleted with its banner and everything typed in it. This cannot be undone.</>
            : 'Everything typed in this campaign is deleted. This cannot be undone.'} />
      )}
    </div>
  );
}
