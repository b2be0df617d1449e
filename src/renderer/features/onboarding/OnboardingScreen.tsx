import { useState } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { ANALYSIS_TAKES_MINUTES } from '../../../shared/constants';
import { sessionAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { pushBannerAtom } from '../../ui/banner/banner.atoms';
import { ResendConfirmation } from '../auth';
import { uploadModalAtom } from '../uploads';
import { BrandDetailsForm } from './BrandDetailsForm';
import './onboarding.css';

/** After sign-up: brand details (name, logo), a resend-confirmation link, then the first upload. */
export function OnboardingScreen() {
  const { api } = useServices();
  const session = useAtomValue(sessionAtom);
  const setUploadModal = useSetAtom(uploadModalAtom);
  const pushBanner = useSetAtom(pushBannerAtom);
  const navigate = useNavigate();
  const [step, setStep] = useState<1 | 2>(1);
  return (
    <section className="onboarding" aria-labelledby="onboarding-title">
      <p className="onboarding__step">Step {step} of 2</p>
      {step === 1 ? (
        <div className="onboarding__card">
          <BrandDetailsForm logoId="onboarding-logo" submitLabel="Save and continue" onSaved={(message) => { pushBanner(message, 'success'); setStep(2); }}>
            <h1 id="onboarding-title">Tell us about your brand</h1>
            <p className="onboarding__lead">Your brand name and logo appear on reports, widgets and the app manager.</p>
          </BrandDetailsForm>
          {/* Only an account that still has to confirm its address hears so (a new sign-up is complete already). */}
          {session?.currentUser.email && !session.currentUser.registration_completed && (
            <div className="onboarding__resend">
              <p>Did not get the confirmation email?</p>
              <ResendConfirmation api={api.main} email={session.currentUser.email} />
            </div>
          )}
        </div>
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
