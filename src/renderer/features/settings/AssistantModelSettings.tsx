import { useEffect, useState } from 'react';
import type { FormEvent } from 'react';
import type { AssistantModelStatus } from '../../../shared/ipc/assistantModel.schemas';
import { AssistantModelInputSchema } from '../../../shared/ipc/assistantModel.schemas';
import { normalizeUrl } from '../../../shared/rules';
import { host } from '../../host/hostClient';
import { FormAlert, TextField } from '../../ui/form';

interface Outcome { ok: boolean; message: string }

/**
 * The assistant's optional model server (issue 13): an OpenAI-compatible address, a model and a key (kept in the
 * keychain, never shown again). Empty address: the embedded engine answers alone, offline.
 */
export function AssistantModelSettings() {
  const [status, setStatus] = useState<AssistantModelStatus | null>(null);
  const [url, setUrl] = useState('');
  const [model, setModel] = useState('');
  const [key, setKey] = useState('');
  const [errors, setErrors] = useState<{ url?: string; model?: string }>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    host().invoke('assistant.model').then((loaded) => {
      setStatus(loaded);
      setUrl(loaded.url ?? '');
      setModel(loaded.model);
    }, (error: unknown) => setOutcome({ ok: false, message: error instanceof Error ? error.message : String(error) }));
  }, []);

  const save = async (input: { url: string | null; model: string; key?: string | null }) => {
    const parsed = AssistantModelInputSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await host().invoke('assistant.setModel', parsed.data);
      setStatus(saved);
      setKey('');
      setOutcome({ ok: true, message: saved.url ? `Answers will be written by ${saved.model} at ${saved.url}, from your transcripts only.` : 'The built-in engine answers alone.' });
    } catch (error) {
      setOutcome({ ok: false, message: error instanceof Error ? error.message : String(error) });
    }
    setBusy(false);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const address = normalizeUrl(url);
    void save({ url: address === '' ? null : address, model: model.trim(), ...(key.trim() !== '' ? { key: key.trim() } : {}) });
  };

  return (
    <form className="card settings-card" onSubmit={onSubmit} noValidate aria-labelledby="assistant-model-title">
      <h2 className="card__title" id="assistant-model-title">Assistant model (optional)</h2>
      <p className="card__text">
        The assistant answers offline from your transcripts. To have a language model write the answers, name an
        OpenAI-compatible server (Ollama, llama.cpp, LM Studio or a hosted one); it only sees the lines the assistant
        found, and if it fails the built-in answer stands.
      </p>
      <TextField label="Server address" value={url} onChange={(event) => setUrl(event.target.value)} placeholder="http://127.0.0.1:11434/v1" error={errors.url} />
      <TextField label="Model" value={model} onChange={(event) => setModel(event.target.value)} placeholder="llama3.2" error={errors.model} />
      <TextField label={status?.hasKey ? 'API key (stored; type to replace)' : 'API key (if the server needs one)'} type="password" value={key} onChange={(event) => setKey(event.target.value)} autoComplete="off" />
      {status?.keyWarning && <FormAlert tone="info">{status.keyWarning}</FormAlert>}
      {outcome && <FormAlert tone={outcome.ok ? 'success' : 'error'}>{outcome.message}</FormAlert>}
      <div className="settings-actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>Save</button>
        {status?.hasKey && <button type="button" className="btn" disabled={busy} onClick={() => void save({ url: status.url, model: status.model, key: null })}>Forget key</button>}
        {status?.url && <button type="button" className="btn" disabled={busy} onClick={() => void save({ url: null, model: '', key: null })}>Use the built-in engine only</button>}
      </div>
    </form>
  );
}
