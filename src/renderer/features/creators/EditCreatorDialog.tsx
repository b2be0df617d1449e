import { useState } from 'react';
import { useAtomValue } from 'jotai';
import type { CreatorDetailResponse, CreatorListItem } from '../../../shared/http/creators.schemas';
import { useServices } from '../../app/useServices';
import { toFailure } from '../../lib/httpFailure';
import { Modal } from '../../ui/dialog';
import { FormAlert, TextField } from '../../ui/form';
import { updateCreator } from './creators.api';
import { creatorIdentityAtom } from './creatorList.atoms';

/** Edit a creator of the acting brand (PUT /influencers/:id); the server's error stays on the form. */
export function EditCreatorDialog({ creator, categories, onClose, onSaved }: {
  creator: CreatorListItem;
  categories: string[];
  onClose: () => void;
  onSaved: (detail: CreatorDetailResponse) => void;
}) {
  const { api } = useServices();
  const who = useAtomValue(creatorIdentityAtom);
  const [name, setName] = useState(creator.name);
  const [email, setEmail] = useState(creator.email ?? '');
  const [country, setCountry] = useState(creator.country);
  const [categoryText, setCategoryText] = useState(categories.join(', '));
  const [verified, setVerified] = useState(creator.reelscopeVerified);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (!who) return;
    setBusy(true);
    setError(null);
    try {
      const next = await updateCreator(api.main, creator._id, who, {
        name: name.trim(),
        email: email.trim() === '' ? null : email.trim(),
        country: country.trim(),
        categories: categoryText.split(',').map((entry) => entry.trim()).filter(Boolean),
        reelscopeVerified: verified,
      });
      onSaved(next);
    } catch (failure) {
      setError(toFailure(failure).error || 'The creator could not be saved.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title="Edit creator"
      onDismiss={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>Cancel</button>
          <button type="button" className="btn btn--primary" disabled={busy || name.trim() === '' || country.trim() === ''} onClick={() => void save()}>
            {busy ? 'Saving…' : 'Save'}
          </button>
        </>
      }
    >
      {error && <FormAlert tone="error">{error}</FormAlert>}
      <TextField label="Name" value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
      <TextField label="Email" type="email" value={email} maxLength={320} onChange={(event) => setEmail(event.target.value)} />
      <TextField label="Country" value={country} maxLength={100} onChange={(event) => setCountry(event.target.value)} />
      <TextField label="Categories" hint="Separated by commas" value={categoryText} onChange={(event) => setCategoryText(event.target.value)} />
      <label className="filter-option">
        <input type="checkbox" checked={verified} onChange={(event) => setVerified(event.target.checked)} />
        <span className="filter-option__label">Reelscope verified</span>
      </label>
    </Modal>
  );
}
