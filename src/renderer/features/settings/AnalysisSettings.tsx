import { useEffect, useId, useState } from 'react';
import type { FormEvent } from 'react';
import type { AnalysisSettings as Settings, ModelState, SpeechEngineChoice, SpeechModelSize } from '../../../shared/http/analysisSettings.schemas';
import { ANALYSIS_SETTINGS_MESSAGES, formatModelSize, SPEECH_MODEL_BYTES, SPEECH_MODEL_SIZES } from '../../../shared/http/analysisSettings.schemas';
import { useServices } from '../../app/useServices';
import { toFailure } from '../../lib/httpFailure';
import { FormAlert } from '../../ui/form';
import { fetchAnalysisSettings, saveAnalysisSettings } from './analysisSettings.api';

interface Outcome { ok: boolean; message: string }

const MODEL_NAMES: Record<SpeechModelSize, string> = {
  base: 'Base — quicker, good for clear speech',
  small: 'Small — slower, more accurate',
};

/** "Downloaded", "Download resumes on first use (142 MB)" or "Will download on first use (142 MB)". */
export function modelStateText(state: ModelState | null, bytes: number): string {
  if (state === 'ready') return 'Downloaded';
  if (state === 'partial') return `Partly downloaded: the rest downloads on first use (${formatModelSize(bytes)})`;
  return `Will download on first use (${formatModelSize(bytes)})`;
}

/** What transcribes now, in one sentence. */
export function engineSentence(settings: Settings): string {
  if (settings.speech_engine === 'off') return 'Speech is not transcribed: videos are analysed without their words.';
  if (settings.speech_engine === 'service') return `Speech is sent to the transcription service at ${settings.service.url_host ?? 'the configured address'}.`;
  return `Speech is transcribed on this computer with the ${settings.speech_model} model; nothing leaves it.`;
}

/** The state and size of one model: from the back end's list, else the chosen model's own fields, else its published size. */
function modelFacts(settings: Settings, size: SpeechModelSize): { state: ModelState | null; bytes: number } {
  const listed = settings.models?.find((model) => model.size === size);
  if (listed) return { state: listed.state, bytes: listed.bytes };
  if (size === settings.speech_model) return { state: settings.model_state, bytes: settings.model_bytes };
  return { state: null, bytes: SPEECH_MODEL_BYTES[size] };
}

/**
 * Settings → Analysis (issue 41): which engine turns speech into text (whisper on this computer, the team's
 * transcription service when the back end has one, or none), the speech model with its size and whether it is
 * downloaded, and how many videos are analysed at once.
 */
export function AnalysisSettings() {
  const { api } = useServices();
  const baseId = useId();
  const [settings, setSettings] = useState<Settings | null>(null);
  const [engine, setEngine] = useState<SpeechEngineChoice>('local');
  const [model, setModel] = useState<SpeechModelSize>('base');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A back end older than issue 41 has no analysis settings (404): the card stays away rather than show an error.
  const [absent, setAbsent] = useState(false);

  const show = (loaded: Settings) => {
    setSettings(loaded);
    setEngine(loaded.speech_engine);
    setModel(loaded.speech_model);
  };
  const load = () =>
    fetchAnalysisSettings(api.main).then(show, (error: unknown) => {
      const failure = toFailure(error, 'load');
      if (failure.code === 404) setAbsent(true);
      else setLoadError(failure.error);
    });
  useEffect(() => {
    void load();
    // Read once per back end; `load` is rebuilt every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [api]);
  const retryLoad = () => {
    setLoadError(null);
    void load();
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      const saved = await saveAnalysisSettings(api.main, { speech_engine: engine, speech_model: model });
      show(saved);
      setOutcome({ ok: true, message: `Saved. ${engineSentence(saved)}` });
    } catch (error) {
      setOutcome({ ok: false, message: `The analysis settings could not be saved: ${toFailure(error).error}` });
    }
    setBusy(false);
  };

  const serviceConfigured = settings?.service.configured ?? false;
  // A member reads the brand's choice; its managers make it (the back end answers a member's save 403 too).
  const canEdit = settings?.can_edit ?? true;
  if (absent) return null;
  return (
    <form className="card settings-card" onSubmit={(event) => void onSubmit(event)} noValidate aria-labelledby={`${baseId}-title`}>
      <h2 className="card__title" id={`${baseId}-title`}>Analysis</h2>
      {!settings && !loadError && <p className="field__hint" role="status">Loading the analysis settings…</p>}
      {loadError && (
        <FormAlert tone="error">
          The analysis settings could not be loaded: {loadError}{' '}
          <button type="button" className="link-button" onClick={retryLoad}>Try again</button>
        </FormAlert>
      )}
      {settings && (
        <>
          <p className="card__text" data-testid="engine-now">{engineSentence(settings)}</p>
          {!canEdit && <p className="field__hint">Only the brand's managers can change how its videos are transcribed.</p>}
          <fieldset className="settings-choices" disabled={!canEdit}>
            <legend className="field__label">Speech to text</legend>
            <label className="check">
              <input type="radio" name={`${baseId}-engine`} checked={engine === 'local'} onChange={() => setEngine('local')} />
              <span>On this computer (whisper) — private, no cost per minute</span>
            </label>
            <label className="check">
              <input type="radio" name={`${baseId}-engine`} checked={engine === 'service'} disabled={!serviceConfigured} aria-describedby={`${baseId}-service`} onChange={() => setEngine('service')} />
              <span className={serviceConfigured ? undefined : 'settings-muted'}>
                Transcription service{settings.service.url_host ? ` (${settings.service.url_host})` : ''}
              </span>
            </label>
            <p className="field__hint" id={`${baseId}-service`}>
              {serviceConfigured
                ? "The speech audio is sent to this service; its key stays on the back end."
                : ANALYSIS_SETTINGS_MESSAGES.serviceNotConfigured}
            </p>
            <label className="check">
              <input type="radio" name={`${baseId}-engine`} checked={engine === 'off'} onChange={() => setEngine('off')} />
              <span>Off — analyse without transcribing speech</span>
            </label>
          </fieldset>
          <fieldset className="settings-choices" disabled={engine !== 'local' || !canEdit}>
            <legend className="field__label">Speech model</legend>
            {SPEECH_MODEL_SIZES.map((size) => {
              const facts = modelFacts(settings, size);
              return (
                <label key={size} className="check">
                  <input type="radio" name={`${baseId}-model`} checked={model === size} onChange={() => setModel(size)} />
                  <span>
                    {MODEL_NAMES[size]}
                    <br />
                    <span className="field__hint" data-testid={`model-state-${size}`}>
                      {facts.state === null ? formatModelSize(facts.bytes) : modelStateText(facts.state, facts.bytes)}
                    </span>
                  </span>
                </label>
              );
            })}
          </fieldset>
          <p className="field__hint" data-testid="workers">
            Videos analysed at once on this back end: {settings.workers}, each in its own process at low priority
            (REELSCOPE_ANALYSIS_WORKERS where the back end runs).
          </p>
          {outcome && <FormAlert tone={outcome.ok ? 'success' : 'error'}>{outcome.message}</FormAlert>}
          <div className="settings-actions">
            <button type="submit" className="btn btn--primary" disabled={busy || !canEdit}>Save</button>
          </div>
        </>
      )}
    </form>
  );
}
