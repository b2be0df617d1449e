import { useState } from 'react';
import type { FormEvent } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { BackendSettingsSchema } from '../../../shared/ipc/settings.schemas';
import type { Settings } from '../../../shared/ipc/settings.schemas';
import { normalizeUrl } from '../../../shared/rules';
import { replaceAppStore } from '../../app/appStore';
import { backendInfoAtom, settingsAtom } from '../../app/boot/boot.atoms';
import { host } from '../../host/hostClient';
import { pushBannerAtom } from '../../ui/banner/banner.atoms';
import { FormAlert, TextField } from '../../ui/form';
import type { ConnectionResult } from './testConnection';
import { testConnection } from './testConnection';

type Mode = Settings['backend']['mode'];

/** Embedded (built-in demo) or hosted back end, with URL validation and a connection test. */
export function BackendSettings({ settings }: { settings: Settings }) {
  const backend = useAtomValue(backendInfoAtom);
  const setSettings = useSetAtom(settingsAtom);
  const [mode, setMode] = useState<Mode>(settings.backend.mode);
  const [url, setUrl] = useState(settings.backend.hostedUrl ?? '');
  const [urlError, setUrlError] = useState<string | null>(null);
  const [result, setResult] = useState<ConnectionResult | null>(null);
  const [busy, setBusy] = useState(false);

  const validUrl = (): string | null => {
    const normalized = normalizeUrl(url);
    const parsed = BackendSettingsSchema.shape.hostedUrl.safeParse(normalized);
    if (!parsed.success || normalized === '') {
      setUrlError('Enter a valid http or https address, e.g. https://reelscope.example.com');
      return null;
    }
    setUrlError(null);
    setUrl(normalized);
    return normalized;
  };

  const onTest = async () => {
    const target = mode === 'hosted' ? validUrl() : backend?.origin;
    if (!target) return;
    setBusy(true);
    setResult(await testConnection(target));
    setBusy(false);
  };

  const onSave = async (event: FormEvent) => {
    event.preventDefault();
    const hostedUrl = mode === 'hosted' ? validUrl() : settings.backend.hostedUrl;
    if (mode === 'hosted' && !hostedUrl) return;
    setBusy(true);
    try {
      const saved = await host().invoke('settings.update', { backend: { mode, hostedUrl } });
      setSettings(saved);
      const info = await host().invoke('backend.info');
      if (info.origin !== backend?.origin) {
        // Another back end: rebuild every client from scratch against it.
        replaceAppStore((fresh) => fresh.set(pushBannerAtom, `Connected to ${info.origin}.`, 'success'));
        return;
      }
      setResult({ ok: true, message: 'Saved.' });
    } catch (error) {
      setResult({ ok: false, message: error instanceof Error ? error.message : String(error) });
    }
    setBusy(false);
  };

  return (
    <form className="card settings-card" onSubmit={(event) => void onSave(event)} noValidate>
      <h2 className="card__title">Back end</h2>
      <p className="card__text">
        Now using <code>{backend?.origin ?? '—'}</code> ({backend?.mode === 'embedded' ? 'built-in' : 'hosted'},{' '}
        {backend?.state ?? 'unknown'}).
      </p>
      <fieldset className="settings-choices">
        <legend className="visually-hidden">Back end</legend>
        <label className="check">
          <input type="radio" name="backend-mode" checked={mode === 'embedded'} onChange={() => setMode('embedded')} />
          <span>
            <strong>Built-in</strong>
            <span className="settings-muted"> — runs on this computer with the demo workspace.</span>
          </span>
        </label>
        <label className="check">
          <input type="radio" name="backend-mode" checked={mode === 'hosted'} onChange={() => setMode('hosted')} />
          <span>
            <strong>Hosted</strong>
            <span className="settings-muted"> — your team's Reelscope server.</span>
          </span>
        </label>
      </fieldset>
      {mode === 'hosted' && (
        <TextField
          label="Server address"
          value={url}
          placeholder="https://reelscope.example.com"
          onChange={(event) => setUrl(event.target.value)}
          onBlur={() => url.trim() !== '' && validUrl()}
          error={urlError}
        />
      )}
      {result && <FormAlert tone={result.ok ? 'success' : 'error'}>{result.message}</FormAlert>}
      <div className="settings-actions">
        <button type="button" className="btn" disabled={busy} onClick={() => void onTest()}>
          Test connection
        </button>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          Save
        </button>
      </div>
    </form>
  );
}
