import { useState } from 'react';
import type { FormEvent } from 'react';
import { useAtom, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { ANALYSIS_TAKES_MINUTES } from '../../../shared/constants';
import { sessionAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { toFailure } from '../../lib/httpFailure';
import { pushBannerAtom } from '../../ui/banner/banner.atoms';
import { FormAlert, TextField } from '../../ui/form';
import { ResendConfirmation } from '../auth';
import { uploadModalAtom } from '../uploads';
import { logoRefusal, saveBrandDetails } from './onboarding.api';
import './onboarding.css';

/** After sign-up: brand details (name, logo), a resend-confirmation link, then the first upload. */
export function OnboardingScreen() {
  const { api } = useServices();
  const [session, setSession] = useAtom(sessionAtom);
  const setUploadModal = useSetAtom(uploadModalAtom);
  const pushBanner = useSetAtom(pushBannerAtom);
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  const [name, setName] = useState(session?.currentBrand?.name ?? '');
  const [logo, setLogo] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
        setSession({ ...session, currentBrand: brand, brandPicture: saved.brand.picture ?? session.brandPicture });
      }
      pushBanner(saved.message, 'success');
      setStep(2);
    } catch (failure) {
      setError(toFailure(failure).error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="onboarding" aria-labelledby="onboarding-title">
      <p className="onboarding__step">Step {step} of 2</p>
      {step === 1 ? (
        <form className="onboarding__card" onSubmit={(event) => void save(event)} noValidate>
          <h1 id="onboarding-title">Tell us about your brand</h1>
          <p className="onboarding__lead">Your brand name and logo appear on reports, widgets and the app manager.</p>
          {error && <FormAlert tone="error">{error}</FormAlert>}
          <TextField label="Brand name" value={name} onChange={(event) => setName(event.target.value)} autoComplete="organization" />
          <div className="field">
            <label className="field__label" htmlFor="onboarding-logo">
              Logo (PNG, JPEG, WebP or GIF, up to 5 MB)
            </label>
            <div className="onboarding__logo">
              {preview ? <img src={preview} alt="Logo preview" width={56} height={56} /> : <span className="onboarding__logo-empty" aria-hidden="true">Logo</span>}
              <input id="onboarding-logo" type="file" accept="image/png,image/jpeg,image/webp,image/gif" onChange={(event) => pickLogo(event.target.files?.[0] ?? null)} />
            </div>
          </div>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? 'Saving…' : 'Save and continue'}
          </button>
          {session?.currentUser.email && (
            <div className="onboarding__resend">
              <p>Did not get the confirmation email?</p>
              <ResendConfirmation api={api.main} email={session.currentUser.email} />
            </div>
          )}
        </form>
      ) : (
        <div className="onboarding__card">
          <h1 id="onboarding-title">Add your first video</h1>
          <p className="onboarding__lead">
            Upload a video from your computer (with its .srt or .vtt subtitles for the transcript) or add one from YouTube, TikTok, Instagram, Dropbox
            or Google Drive. The analysis takes about {ANALYSIS_TAKES_MINUTES} minutes.
          </p>
          <div className="onboarding__actions">
            <button type="button" className="btn btn--primary" onClick={() => setUploadModal({ open: true, files: [] })}>
              Add your first video
            </button>
            <button type="button" className="btn btn--ghost" onClick={() => navigate('/home')}>
              Skip for now
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
