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
import { fetchApiKey, rotateApiKey } from '../../lib/brandKeyClient';

/** The brand's API key of the metrics and widget API (shown, copied, rotated) and the store whose inventory widgets tag. */
export function WidgetShopSettings({ settings }: { settings: Settings }) {
  const who = useAtomValue(actingIdentityAtom);
  return (
    <section className="card settings-card" aria-labelledby="widget-shop-title">
      <h2 className="card__title" id="widget-shop-title">Widgets and shop</h2>
      {who && <ApiKeyField brandId={who.brand_id} />}
      <ShopFields settings={settings} />
    </section>
  );
}

function ApiKeyField({ brandId }: { brandId: string }) {
  const { api } = useServices();
  const key = useRemoteQuery(`api-key|${brandId}`, useCallback(async () => ({ data: await fetchApiKey(api.main, brandId), status: 200 }), [api, brandId]));
  const [shown, setShown] = useState(false);
  const [copied, setCopied] = useState(false);
  const [rotating, setRotating] = useState(false);
  return (
    <div className="settings-key">
      <p className="field__hint">The metrics and widget API answers requests that carry this key in the x-api-key header. Rotating it stops the old key at once.</p>
      <RemoteView state={key.state} what="the API key" onRetry={key.reload}>
        {(body) => (
          <>
            <div className="settings-key__row">
              <code className="settings-key__value" aria-label="API key">{shown ? body.api_key : `${body.api_key.slice(0, 8)}${'•'.repeat(24)}`}</code>
              <button type="button" className="btn btn--small" onClick={() => setShown(!shown)}>{shown ? 'Hide' : 'Show'}</button>
              <button type="button" className="btn btn--small" onClick={() => void navigator.clipboard.writeText(body.api_key).then(() => setCopied(true))}>{copied ? 'Copied' : 'Copy'}</button>
              <button type="button" className="btn btn--small" onClick={() => setRotating(true)}>Rotate key</button>
            </div>
            <span className="field__hint">Issued {formatDateTime(body.created_at)}.</span>
          </>
        )}
      </RemoteView>
      {rotating && (
        <ConfirmDialog title="Rotate the API key?" question="Anything that uses the current key stops working now and needs the new one."
          onConfirm={async () => { await rotateApiKey(api.main, brandId); return 'A new key was issued; the old one no longer works.'; }}
          onClose={(done) => { setRotating(false); if (done) { setCopied(false); key.reload(); } }} />
      )}
    </div>
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
