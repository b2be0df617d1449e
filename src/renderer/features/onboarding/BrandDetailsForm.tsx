import { useAtom, useAtomValue } from 'jotai';
import { useState, type FormEvent, type ReactNode } from 'react';
import { backendInfoAtom } from '../../app/boot/boot.atoms';
import { sessionAtom } from '../../app/session/session.atoms';
import { resolveMediaUrl } from '../../ui/player/playerSource';
import { useServices } from '../../app/useServices';
import { toFailure } from '../../lib/httpFailure';
import { FormAlert, TextField } from '../../ui/form';
import { logoRefusal, saveBrandDetails } from './onboarding.api';

interface Props {
  /** The id of the logo input (one page may hold one form). */
  logoId: string;
  submitLabel: string;
  onSaved: (message: string) => void;
  children?: ReactNode;
}

/** The brand's name and logo (POST /users/update_brand_details): after sign-up, and in Settings. */
export function BrandDetailsForm({ logoId, submitLabel, onSaved, children }: Props) {
  const { api } = useServices();
  const [session, setSession] = useAtom(sessionAtom);
  const [name, setName] = useState(session?.currentBrand?.name ?? '');
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const origin = useAtomValue(backendInfoAtom)?.origin ?? '';

  const pickLogo = (file: File | null) => {
    const refused = file ? logoRefusal(file) : null;
    setError(refused);
    setLogo(refused ? null : file);
    if (preview) URL.revokeObjectURL(preview);
    setPreview(file && !refused ? URL.createObjectURL(file) : null);
  };

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return setError('Enter your brand name.');
    setBusy(true);
    setError(null);
    try {
      const saved = await saveBrandDetails(api.main, session?.currentBrand?._id, name, logo);
      if (session?.currentBrand) {
        const brand = { ...session.currentBrand, name: saved.brand.name, picture: saved.brand.picture };
        // The brand switcher lists `brands`: the renamed brand is replaced there too, not only as the current one.
        const brands = session.brands.map((entry) => (entry._id === brand._id ? { ...entry, name: brand.name, picture: brand.picture } : entry));
        setSession({ ...session, currentBrand: brand, brands, brandPicture: saved.brand.picture ?? session.brandPicture });
      }
      onSaved(saved.message);
    } catch (failure) {
      setError(toFailure(failure).error);
    } finally {
      setBusy(false);
    }
  };

  const stored = session?.currentBrand?.picture ?? null;
  const current = preview ?? (stored ? resolveMediaUrl(stored, origin) : null);
  return (
    <form className="brand-details" onSubmit={(event) => void save(event)} noValidate>
      {children}
      {error && <FormAlert tone="error">{error}</FormAlert>}
      <TextField label="Brand name" value={name} onChange={(event) => setName(event.target.value)} autoComplete="organization" />
      <div className="field">
        <label className="field__label" htmlFor={logoId}>Logo (PNG, JPEG, WebP or GIF, up to 5 MB)</label>
        <div className="onboarding__logo">
          {current ? <img src={current} alt="Logo preview" width={56} height={56} /> : <span className="onboarding__logo-empty" aria-hidden="true">Logo</span>}
          <input id={logoId} type="file" accept="image/png,image/jpeg,image/webp,image/gif" onChange={(event) => pickLogo(event.target.files?.[0] ?? null)} />
        </div>
      </div>
      <div><button type="submit" className="btn btn--primary" disabled={busy}>{busy ? 'Saving…' : submitLabel}</button></div>
    </form>
  );
}
