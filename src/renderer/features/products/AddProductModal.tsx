import { useEffect, useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { PRODUCT_MESSAGES, PRODUCT_PICTURE_MAX_BYTES, PRODUCT_PICTURE_MAX_FILES, PRODUCT_PICTURE_MIME_MAP } from '../../../shared/http/products.schemas';
import type { ProductDetailResponse } from '../../../shared/http/products.schemas';
import { useServices } from '../../app/useServices';
import { toFailure } from '../../lib/httpFailure';
import { Modal } from '../../ui/dialog';
import { pushBannerAtom } from '../../ui/banner';
import { FormAlert, TextField } from '../../ui/form';
import { productIdentityAtom } from './productList.atoms';
import type { ProductFields } from './products.api';
import { createProduct, fetchCategories, updateProduct } from './products.api';
import { useProductAutocomplete } from './useProductAutocomplete';

interface AddProductModalProps {
  /** Editing an existing product (PUT /products/:id) instead of adding one. */
  product?: ProductFields & { _id: string };
  onClose: (saved: ProductDetailResponse | null) => void;
}

/** Checks picked pictures against the back end's rules before sending them; answers the message or null. */
export function pictureProblem(files: readonly File[]): string | null {
  if (files.length > PRODUCT_PICTURE_MAX_FILES) return PRODUCT_MESSAGES.tooManyPictures;
  for (const file of files) {
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(ext in PRODUCT_PICTURE_MIME_MAP)) return PRODUCT_MESSAGES.pictureType;
    if (file.size > PRODUCT_PICTURE_MAX_BYTES) return PRODUCT_MESSAGES.pictureTooLarge;
  }
  return null;
}

/** The add-product modal (spec §2), also used to edit a product: create and update errors are shown on the form. */
export function AddProductModal({ product, onClose }: AddProductModalProps) {
  const { api } = useServices();
  const who = useAtomValue(productIdentityAtom);
  const [fields, setFields] = useState<ProductFields>(product ?? { name: '', category: '', description: '', price: 0 });
  const [files, setFiles] = useState<File[]>([]);
  const [categories, setCategories] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!who) return;
    let live = true;
    fetchCategories(api.main, who).then(
      (answer) => { if (live) setCategories(answer.categories.map((entry) => entry.name)); },
      (failure: unknown) => { if (live) setError(`Could not load the categories: ${toFailure(failure).error}`); },
    );
    return () => { live = false; };
  }, [api.main, who]);

  const name = fields.name.trim();
  // Suggestions help pick a new name; editing keeps the product's own name, so it asks for none.
  const [hidden, setHidden] = useState(false);
  const suggestions = useProductAutocomplete(fields.name, !product && !hidden);

  const pushBanner = useSetAtom(pushBannerAtom);
  // Changing what the message was about clears it: the person sees the form as fixed, not an old complaint.
  const set = (patch: Partial<ProductFields>) => {
    setError(null);
    setFields((current) => ({ ...current, ...patch }));
  };
  const submit = async () => {
    if (!who) return;
    const problem = pictureProblem(files);
    if (problem) { setError(problem); return; }
    if (name === '' || fields.category.trim() === '') { setError('A name and a category are required.'); return; }
    setBusy(true);
    setError(null);
    try {
      const clean = { ...fields, name, category: fields.category.trim() };
      const saved = product ? await updateProduct(api.main, who, product._id, clean, files) : await createProduct(api.main, who, clean, files);
      pushBanner(product ? `Saved the changes to “${clean.name}”.` : `“${clean.name}” was added to My Products.`, 'success');
      onClose(saved);
    } catch (failure) {
      setError(toFailure(failure).error);
      setBusy(false);
    }
  };
  const formId = product ? 'edit-product-form' : 'add-product-form';

  return (
    <Modal
      title={product ? 'Edit product' : 'Add product'}
      onDismiss={() => { if (!busy) onClose(null); }}
      actions={
        <>
          <button type="button" className="btn" disabled={busy} onClick={() => onClose(null)}>Cancel</button>
          <button type="submit" form={formId} className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving…' : product ? 'Save changes' : 'Add product'}
          </button>
        </>
      }
    >
      <form id={formId} className="product-form" noValidate onSubmit={(event) => { event.preventDefault(); void submit(); }}>
        {error && <FormAlert tone="error">{error}</FormAlert>}
        <TextField label="Product name" value={fields.name} maxLength={200} autoComplete="off" onChange={(event) => { setHidden(false); set({ name: event.target.value }); }} />
        {suggestions.length > 0 && (
          <ul className="product-suggestions" aria-label="Existing products and hashtags">
            {suggestions.slice(0, 8).map((entry) => (
              <li key={`${entry.type}:${entry.value}`}>
                <button type="button" onClick={() => { set({ name: entry.value }); setHidden(true); }}>
                  <bdi>{entry.value}</bdi> <span className="product-muted">({entry.type})</span>
                </button>
              </li>
            ))}
          </ul>
        )}
        <TextField label="Category" list="product-categories" value={fields.category} maxLength={100} onChange={(event) => set({ category: event.target.value })} />
        <datalist id="product-categories">
          {categories.map((entry) => <option key={entry} value={entry} />)}
        </datalist>
        <TextField label="Price" type="number" min={0} step="0.01" value={String(fields.price)} onChange={(event) => set({ price: Number(event.target.value) || 0 })} />
        <label className="field">
          <span className="field__label">Description</span>
          <textarea className="input" rows={3} maxLength={5000} value={fields.description} onChange={(event) => set({ description: event.target.value })} />
        </label>
        <label className="field">
          <span className="field__label">Pictures</span>
          <input type="file" accept=".jpg,.jpeg,.png,.webp" multiple onChange={(event) => { setError(null); setFiles([...(event.target.files ?? [])]); }} />
        </label>
      </form>
    </Modal>
  );
}
