import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback, useState } from 'react';
import type { Settings } from '../../../shared/ipc/settings.schemas';
import { settingsAtom } from '../../app/boot/boot.atoms';
import { actingIdentityAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { formatDateTime } from '../../lib/format';
import { toFailure } from '../../lib/httpFailure';
import { useRemoteQuery } from '../../lib/useRemoteQuery';
import { host } from '../../host/hostClient';
import { ConfirmDialog } from '../../ui/dialog';
import { FormAlert, TextField } from '../../ui/form';
import { RemoteView } from '../../ui/remote';
import { fetchApiKeyHint, rotateApiKey } from '../../lib/brandKeyClient';
import type { ApiKeyResponse } from '../../../shared/http/widgets.schemas';
import { useMyRole } from '../team';

/** The brand's API key of the metrics and widget API (its hint; a new one shown once) and the store whose inventory widgets tag. */
export function WidgetShopSettings({ settings }: { settings: Settings }) {
  const who = useAtomValue(actingIdentityAtom);
  // The brand's API key is a manager's (issue 29): a member is not shown it.
  const role = useMyRole();
  return (
    <section className="card settings-card" aria-labelledby="widget-shop-title">
      <h2 className="card__title" id="widget-shop-title">Widgets and shop</h2>
      {who && role === 'manager' && <ApiKeyField brandId={who.brand_id} />}
      <ShopFields settings={settings} />
    </section>
  );
}

function ApiKeyField({ brandId }: { brandId: string }) {
  const { api } = useServices();
  const key = useRemoteQuery(`api-key|${brandId}`, useCallback(async () => ({ data: await fetchApiKeyHint(api.main, brandId), status: 200 }), [api, brandId]));
  // The key just issued: held by this screen only, and gone once the person leaves it (the back end keeps only its hash).
  const [fresh, setFresh] = useState<ApiKeyResponse | null>(null);
  const [rotating, setRotating] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const issue = async () => {
    setFresh(await rotateApiKey(api.main, brandId));
    key.reload();
  };
  return (
    <div className="settings-key">
      <p className="field__hint">Programs that call the metrics and widget API send this key in the x-api-key header. Rotating it stops the old key at once.</p>
      {fresh ? <NewApiKey apiKey={fresh.api_key} /> : (
        <RemoteView state={key.state} what="the API key" onRetry={key.reload}>
          {(body) => body.hint === null || body.created_at === null ? (
            <div className="settings-key__row">
              <span className="field__hint">No API key yet.</span>
              <button type="button" className="btn btn--small" onClick={() => void issue().catch((failure: unknown) => setError(toFailure(failure).error))}>Create key</button>
            </div>
          ) : (
            <>
              <div className="settings-key__row">
                <code className="settings-key__value" aria-label="API key">{body.hint}</code>
                <button type="button" className="btn btn--small" onClick={() => setRotating(true)}>Rotate key</button>
              </div>
              <span className="field__hint">Created {formatDateTime(body.created_at)}. The whole key was shown once, when it was created; rotate it to get a new one.</span>
            </>
          )}
        </RemoteView>
      )}
      {error && <FormAlert tone="error">{error}</FormAlert>}
      {rotating && (
        <ConfirmDialog title="Rotate the API key?" question="Anything that uses the current key stops working now and needs the new one."
          onConfirm={issue} onClose={() => setRotating(false)} />
      )}
    </div>
  );
}

/** A key shown the one time it exists outside the back end's hash, as GitHub shows a new token. */
function NewApiKey({ apiKey }: { apiKey: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <FormAlert tone="success">
      <p>Copy your new API key now. It will not be shown again.</p>
      <div className="settings-key__row">
        <code className="settings-key__value" aria-label="New API key">{apiKey}</code>
        <button type="button" className="btn btn--small" onClick={() => void navigator.clipboard.writeText(apiKey).then(() => setCopied(true))}>{copied ? 'Copied' : 'Copy'}</button>
      </div>
    </FormAlert>
  );
}

function ShopFields({ settings }: { settings: Settings }) {
  const setSettings = useSetAtom(settingsAtom);
  const [storeUrl, setStoreUrl] = useState(settings.shop.storeUrl ?? '');
  const [token, setToken] = useState(settings.shop.storefrontToken ?? '');
  const [message, setMessage] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const save = async () => {
    const url = storeUrl.trim();
    const secret = token.trim();
    if ((url === '') !== (secret === '')) return setMessage({ tone: 'error', text: 'Give both the store URL and its storefront token, or leave both empty for your brand\'s own products.' });
    try {
      setSettings(await host().invoke('settings.update', { shop: { storeUrl: url || null, storefrontToken: secret || null } }));
      setMessage({ tone: 'success', text: url ? `Widgets now tag products from ${url}.` : 'Widgets tag your brand\'s own products.' });
    } catch (error) {
      setMessage({ tone: 'error', text: toFailure(error).error });
    }
  };
  return (
    <>
      <p className="field__hint">Products tagged on widget videos come from your brand's products, or from a store's storefront API when you connect one.</p>
      <TextField label="Store URL" value={storeUrl} placeholder="my-shop.example" spellCheck={false} autoComplete="off" onChange={(event) => setStoreUrl(event.target.value)} />
      <TextField label="Storefront access token" value={token} spellCheck={false} autoComplete="off" onChange={(event) => setToken(event.target.value)} />
      {message && <FormAlert tone={message.tone}>{message.text}</FormAlert>}
      <div><button type="button" className="btn" onClick={() => void save()}>Save shop</button></div>
    </>
  );
}
