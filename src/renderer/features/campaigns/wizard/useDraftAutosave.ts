import { useCallback, useEffect, useRef, useState } from 'react';
import type { Campaign } from '../../../../shared/http/campaigns.schemas';
import { useServices } from '../../../app/useServices';
import { toFailure } from '../../../lib/httpFailure';
import { deleteCampaign, saveCampaign, type Who } from '../campaigns.api';
import { checkForm, formOf, type CampaignForm } from './wizardForm';

/** How long typing pauses before the draft is sent (each keystroke is kept locally at once). */
const AUTOSAVE_DELAY_MS = 700;

export type DraftStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: Date }
  | { kind: 'waiting'; reason: string }
  | { kind: 'failed'; error: string };

/** A write of the campaign, given its id so far (null before the first save); answers the stored campaign. */
export type CampaignWrite = (id: string | null) => Promise<Campaign>;

/**
 * Saves a draft campaign to the back end as the person types: after a pause, one write at a time, the newest form
 * last; the first save creates the draft. Every other write of the campaign (banner, publish) goes through the same
 * queue, so the draft is never created twice. Autosaves only while `enabled` (a published campaign is saved on
 * request, never half-edited while it runs).
 */
export function useDraftAutosave({ who, form, campaign, enabled, onSaved }: {
  who: Who; form: CampaignForm; campaign: Campaign | null; enabled: boolean; onSaved: (campaign: Campaign) => void;
}): { status: DraftStatus; write: (task: CampaignWrite) => Promise<Campaign>; discard: () => Promise<void> } {
  const { api } = useServices();
  const [status, setStatus] = useState<DraftStatus>({ kind: 'idle' });
  const id = useRef(campaign?._id ?? null);
  const latestForm = useRef(form);
  const saved = useRef(onSaved);
  // Declared before the saving effect, so a save always reads this render's form and callback.
  useEffect(() => {
    latestForm.current = form;
    saved.current = onSaved;
  });
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  // A stored draft opened as it is needs no save until something changes.
  const lastSent = useRef<string | null>(campaign ? JSON.stringify(checkForm(formOf(campaign), false).fields) : null);

  const discarded = useRef(false);

  const write = useCallback((task: CampaignWrite): Promise<Campaign> => {
    const run = queue.current.catch(() => undefined).then(async () => {
      if (discarded.current) throw new Error('This draft was discarded.');
      const result = await task(id.current);
      id.current = result._id;
      saved.current(result);
      return result;
    });
    queue.current = run;
    return run;
  }, []);

  /** Deletes the draft once the writes before it are done (one still creating it included); nothing is saved after. */
  const discard = useCallback((): Promise<void> => {
    const run = queue.current.catch(() => undefined).then(async () => {
      if (id.current !== null) await deleteCampaign(api.main, who, id.current);
      discarded.current = true;
      id.current = null;
    });
    queue.current = run;
    return run;
  }, [api.main, who]);

  useEffect(() => {
    if (!enabled) return;
    const timer = setTimeout(() => {
      const { fields, problems } = checkForm(latestForm.current, false);
      if (!fields) return setStatus({ kind: 'waiting', reason: Object.values(problems)[0] ?? 'a field needs fixing' });
      const body = JSON.stringify(fields);
      if (body === lastSent.current) return;
      setStatus({ kind: 'saving' });
      write((current) => saveCampaign(api.main, who, current, fields, false)).then(
        () => {
          lastSent.current = body;
          setStatus({ kind: 'saved', at: new Date() });
        },
        (failure: unknown) => setStatus({ kind: 'failed', error: toFailure(failure).error || 'The draft could not be saved.' }),
      );
    }, AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [api.main, who, form, enabled, write]);

  return { status, write, discard };
}
