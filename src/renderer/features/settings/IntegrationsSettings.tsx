import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useMemo, useState } from 'react';
import { MESSAGES } from '../../../shared/messages';
import {
  INTEGRATION_LABELS, INTEGRATION_PLATFORMS, IntegrationStatusSchema, ProviderConfigSchema, type IntegrationPlatform, type IntegrationStatus,
} from '../../../shared/ipc/integrations.schemas';
import type { Settings } from '../../../shared/ipc/settings.schemas';
import { settingsAtom } from '../../app/boot/boot.atoms';
import { actingIdentityAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { host } from '../../host/hostClient';
import { brandKeyClient } from '../../lib/brandKeyClient';
import { formatDateTime } from '../../lib/format';
import { toFailure } from '../../lib/httpFailure';
import { useRemoteQuery } from '../../lib/useRemoteQuery';
import { ConfirmDialog } from '../../ui/dialog';
import { FormAlert } from '../../ui/form';
import { RemoteView } from '../../ui/remote';
import { useMyRole } from '../team';

type Statuses = Record<IntegrationPlatform, IntegrationStatus>;

/**
 * Settings → Integrations (issue 17): each platform's connection, made in the system browser (RFC 8252: loopback
 * redirect, PKCE, state; the tokens stay in the OS keychain) and recorded at the gateway, and its sign-in provider.
 */
export function IntegrationsSettings({ settings }: { settings: Settings }) {
  const who = useAtomValue(actingIdentityAtom);
  const { api } = useServices();
  // Disconnecting forgets the brand's connection, a delete that only a manager may make; a member may connect.
  const canDisconnect = useMyRole() !== 'member';
  const send = useMemo(() => (who ? brandKeyClient(api.main, api.gateway, who.brand_id) : null), [api, who]);
  const path = (platform: IntegrationPlatform, rest: string) => `/internal/integrations/${platform}/oAuth${rest}`;
  const statuses = useRemoteQuery(`integrations|${who?.brand_id ?? ''}`, useCallback(async () => {
    if (!send || !who) throw new Error('No brand yet.');
    try {
      const all = await Promise.all(INTEGRATION_PLATFORMS.map(async (platform) => (await send({ url: path(platform, '/status'), params: { brand_id: who.brand_id } }, (d) => IntegrationStatusSchema.parse(d))).data));
      return { data: Object.fromEntries(all.map((s) => [s.platform, s])) as Statuses, status: 200 };
    } catch (failure) {
      throw new Error(`${MESSAGES.authStatusFailed}: ${toFailure(failure).error}`, { cause: failure });
    }
  }, [send, who]));
  const [busy, setBusy] = useState<IntegrationPlatform | null>(null);
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [disconnecting, setDisconnecting] = useState<IntegrationPlatform | null>(null);

  const connect = async (platform: IntegrationPlatform) => {
    if (!send || !who) return;
    setBusy(platform);
    setMessage(null);
    try {
      const flow = await host().invoke('integrations.begin', { platform, brandId: who.brand_id });
      // The system browser: Electron hands window.open to the OS browser; the web host opens a tab.
      window.open(flow.authorizationUrl, '_blank', 'noopener');
      const connected = await host().invoke('integrations.complete', { flowId: flow.flowId });
      await send({ method: 'POST', url: path(platform, '/authorize'), params: { brand_id: who.brand_id }, data: { app_key: connected.clientId, auth_code: connected.account } }, (d) => d);
      setMessage({ tone: 'success', text: `${INTEGRATION_LABELS[platform]} is connected as ${connected.account}.` });
      statuses.reload();
    } catch (failure) {
      setMessage({ tone: 'error', text: `${MESSAGES.authorizeFailed}: ${toFailure(failure).error}` });
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="card settings-card settings-card--wide" aria-labelledby="integrations-title">
      <h2 className="card__title" id="integrations-title">Integrations</h2>
      <p className="field__hint">Connecting opens the platform's sign-in in your browser; Reelscope keeps what it is given in your system keychain, never in a file.</p>
      {message && <FormAlert tone={message.tone}>{message.text}</FormAlert>}
      <RemoteView state={statuses.state} what="the integrations" onRetry={statuses.reload}>
        {(body) => (
          <ul className="integration-list" aria-label="Integrations">
            {INTEGRATION_PLATFORMS.map((platform) => {
              const status = body[platform];
              const configured = settings.integrations.providers[platform] !== undefined;
              return (
                <li key={platform} className="integration">
                  <div className="integration__head">
                    <strong>{INTEGRATION_LABELS[platform]}</strong>
                    <span className="field__hint" role="status">
                      {status.status === 'connected' ? `Connected as ${status.account ?? '—'} since ${status.connected_at ? formatDateTime(status.connected_at) : '—'}` : configured ? 'Not connected' : 'Not set up: give its sign-in provider below'}
                    </span>
                    {status.status === 'connected'
                      ? canDisconnect && <button type="button" className="btn btn--small" onClick={() => setDisconnecting(platform)}>Disconnect</button>
                      : <button type="button" className="btn btn--small btn--primary" disabled={!configured || busy !== null} onClick={() => void connect(platform)}>
                        {busy === platform ? 'Waiting for the browser…' : 'Connect'}
                      </button>}
                  </div>
                  <ProviderFields platform={platform} settings={settings} />
                </li>
              );
            })}
          </ul>
        )}
      </RemoteView>
      {disconnecting && send && who && (
        <ConfirmDialog title={`Disconnect ${INTEGRATION_LABELS[disconnecting]}?`} question="Reelscope revokes its access at the platform and forgets it."
          onConfirm={async () => {
            await host().invoke('integrations.disconnect', { platform: disconnecting, brandId: who.brand_id });
            await send({ method: 'DELETE', url: path(disconnecting, ''), params: { brand_id: who.brand_id } }, (d) => d);
            return `${INTEGRATION_LABELS[disconnecting]} is disconnected.`;
          }}
          onClose={(done) => { setDisconnecting(null); if (done) statuses.reload(); }} />
      )}
    </section>
  );
}

/** A platform's sign-in provider: its issuer (OpenID discovery) and this app's client id there. */
function ProviderFields({ platform, settings }: { platform: IntegrationPlatform; settings: Settings }) {
  const setSettings = useSetAtom(settingsAtom);
  const current = settings.integrations.providers[platform];
  const [issuer, setIssuer] = useState(current?.issuer ?? '');
  const [clientId, setClientId] = useState(current?.clientId ?? '');
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    const parsed = ProviderConfigSchema.safeParse({ issuer: issuer.trim(), clientId, scope: current?.scope ?? 'openid' });
    if (!parsed.success) return setError('Give the provider as an https address and the client id it gave Reelscope.');
    setError(null);
    setSettings(await host().invoke('settings.update', { integrations: { providers: { ...settings.integrations.providers, [platform]: parsed.data } } }));
  };
  return (
    <details className="integration__provider">
      <summary>Sign-in provider</summary>
      <label className="field"><span className="field__label">Issuer</span>
        <input className="input" value={issuer} placeholder="https://accounts.example.com" spellCheck={false} onChange={(event) => setIssuer(event.target.value)} /></label>
      <label className="field"><span className="field__label">Client id</span>
        <input className="input" value={clientId} spellCheck={false} onChange={(event) => setClientId(event.target.value)} /></label>
      {error && <FormAlert tone="error">{error}</FormAlert>}
      <div><button type="button" className="btn btn--small" onClick={() => void save()}>Save provider</button></div>
    </details>
  );
}
