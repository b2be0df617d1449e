import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useServices } from '../../app/useServices';
import { toFailure } from '../../lib/httpFailure';
import { FormAlert } from '../../ui/form';
import { productIdentityAtom } from './productList.atoms';
import { fetchProductNote, saveProductNote } from './products.api';

/** The brand's note on one product (GET/PUT /products/:id/product_note; an empty note deletes it). */
export function ProductNote({ productId }: { productId: string }) {
  const { api } = useServices();
  const who = useAtomValue(productIdentityAtom);
  const [text, setText] = useState('');
  const [status, setStatus] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);
  const [busy, setBusy] = useState(true);

  useEffect(() => {
    if (!who) return;
    let live = true;
    fetchProductNote(api.main, who, productId).then(
      (answer) => { if (live) { setText(answer.note?.content ?? ''); setBusy(false); } },
      (error: unknown) => { if (live) { setStatus({ tone: 'error', text: `Could not load the note: ${toFailure(error).error}` }); setBusy(false); } },
    );
    return () => { live = false; };
  }, [api.main, who, productId]);

  const save = async () => {
    if (!who) return;
    setBusy(true);
    try {
      await saveProductNote(api.main, who, productId, text);
      setStatus({ tone: 'success', text: text.trim() === '' ? 'Note deleted' : 'Note saved' });
    } catch (error) {
      setStatus({ tone: 'error', text: `Could not save the note: ${toFailure(error).error}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="product-card" aria-label="Note">
      <h2>Note</h2>
      <form className="product-form" onSubmit={(event) => { event.preventDefault(); void save(); }}>
        <label className="field">
          <span className="field__label">Your note on this product</span>
          <textarea className="input" rows={3} maxLength={10000} value={text} onChange={(event) => setText(event.target.value)} />
        </label>
        {status && <FormAlert tone={status.tone}>{status.text}</FormAlert>}
        <div><button type="submit" className="btn btn--small" disabled={busy}>Save note</button></div>
      </form>
    </section>
  );
}
