import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import type { SecretStatus } from '../../../shared/ipc/contract';
import type { Settings } from '../../../shared/ipc/settings.schemas';
import { settingsAtom } from '../../app/boot/boot.atoms';
import { tokensAtom } from '../../app/session/session.atoms';
import { host } from '../../host/hostClient';
import { FormAlert } from '../../ui/form';

const STORAGE_LABELS: Record<SecretStatus['storage'], string> = {
  keychain: 'The system keychain',
  safeStorage: 'An encrypted file (system encryption)',
  memory: 'Memory only — you sign in at each start',
};

/** Where the sign-in token is kept, its warning, and the opt-in for storage without real encryption. */
export function TokenStorageSettings({ settings }: { settings: Settings }) {
  const tokens = useAtomValue(tokensAtom);
  const setSettings = useSetAtom(settingsAtom);
  const [status, setStatus] = useState<SecretStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    host()
      .invoke('secrets.status')
      .then(setStatus)
      .catch((reason: unknown) => setError(reason instanceof Error ? reason.message : String(reason)));
  }, []);

  const onToggle = async (allow: boolean) => {
    setBusy(true);
    try {
      setSettings(await host().invoke('settings.update', { allowInsecureTokenStorage: allow }));
      // Store the current tokens again so the new choice applies now, not at the next sign-in.
      setStatus(tokens ? await host().invoke('secrets.setToken', tokens) : await host().invoke('secrets.status'));
    } catch (reason) {
      setError(reason instanceof Error ? reason.message : String(reason));
    }
    setBusy(false);
  };

  const showOptIn = settings.allowInsecureTokenStorage || status?.storage === 'memory' || status?.warning;
  return (
    <section className="card settings-card" aria-labelledby="token-storage-title">
      <h2 className="card__title" id="token-storage-title">
        Sign-in token
      </h2>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {status ? (
        <dl className="settings-facts">
          <dt>Kept in</dt>
          <dd>{STORAGE_LABELS[status.storage]}</dd>
          <dt>Survives a restart</dt>
          <dd>{status.persistent ? 'Yes' : 'No'}</dd>
        </dl>
      ) : (
        !error && <p className="card__text">Checking…</p>
      )}
      {status?.warning && <FormAlert tone="info">{status.warning}</FormAlert>}
      {showOptIn && (
        <label className="check">
          <input
            type="checkbox"
            checked={settings.allowInsecureTokenStorage}
            disabled={busy}
            onChange={(event) => void onToggle(event.target.checked)}
          />
          <span>
            Keep me signed in even though this computer can only obfuscate the token, not encrypt it.
            <span className="settings-muted"> Anyone with access to your user account could read it.</span>
          </span>
        </label>
      )}
    </section>
  );
}
