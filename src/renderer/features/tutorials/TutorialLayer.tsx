import { useCallback, useEffect } from 'react';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useLocation, useNavigate } from 'react-router-dom';
import type { SettingsPatch } from '../../../shared/ipc/settings.schemas';
import { settingsAtom } from '../../app/boot/boot.atoms';
import { host } from '../../host/hostClient';
import { pushBannerAtom } from '../../ui/banner/banner.atoms';
import { uploadModalAtom } from '../uploads';
import { TutorialCard } from './TutorialCard';
import { activeTutorialAtom, userGuideOpenAtom } from './tutorials.atoms';
import type { TutorialName } from './tutorials.content';
import { TUTORIALS } from './tutorials.content';
import { UserGuideModal } from './UserGuideModal';
import './tutorials.css';

/**
 * Mounted once in the signed-in shell. Starts first-video when the tutorial-screen flag says so (set after the first
 * upload) and first-video-analyzed when the host's poll stored 'id,completed' (analysis.completed; also after a
 * reload). Seen tutorials are stored in markers.tutorials (cleared on logout by session.logout).
 */
export function TutorialLayer() {
  const [active, setActive] = useAtom(activeTutorialAtom);
  const [settings, setSettings] = useAtom(settingsAtom);
  const guideOpen = useAtomValue(userGuideOpenAtom);
  const [uploadModal, setUploadModal] = useAtom(uploadModalAtom);
  const pushBanner = useSetAtom(pushBannerAtom);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const markers = settings?.markers;

  const save = useCallback(
    (patch: SettingsPatch) =>
      host().invoke('settings.update', patch).then(setSettings, (error: unknown) => pushBanner(error instanceof Error ? error.message : String(error), 'error')),
    [setSettings, pushBanner],
  );

  // The poll lives in the host; ask it to re-read the marker (a reload, or the first upload just stored it).
  useEffect(() => {
    host().invoke('analysis.pollStatus').catch(() => undefined);
  }, [markers?.firstAnalysis]);

  useEffect(() => {
    // Never over the upload modal: the tutorial waits until the person is done with it.
    if (active || !markers || uploadModal.open) return;
    const seen = (name: TutorialName) => markers.tutorials[name] === true;
    if (markers.tutorialScreen === 'first-video' && pathname === '/videos') setActive({ name: 'first-video', step: 0 });
    else if (markers.firstAnalysis?.endsWith(',completed') && !seen('first-video-analyzed') && markers.tutorialScreen !== 'first-video') {
      setActive({ name: 'first-video-analyzed', step: 0 });
    }
  }, [active, markers, pathname, setActive, uploadModal.open]);

  if (guideOpen) return <UserGuideModal />;
  if (!active || !markers) return null;
  const tutorial = TUTORIALS[active.name];
  const end = (then?: () => void) => {
    setActive(null);
    const patch: SettingsPatch = { markers: { tutorials: { ...markers.tutorials, [active.name]: true } } };
    if (active.name === 'first-video') patch.markers = { ...patch.markers, tutorialScreen: null };
    // At once in memory too, so the effect above does not start the same tutorial again before the host answers.
    if (settings) setSettings({ ...settings, markers: { ...settings.markers, ...patch.markers } });
    void save(patch);
    then?.();
  };
  return (
    <TutorialCard
      tutorial={tutorial}
      step={active.step}
      onBack={() => setActive({ ...active, step: Math.max(0, active.step - 1) })}
      onNext={() => setActive({ ...active, step: Math.min(tutorial.steps.length - 1, active.step + 1) })}
      onClose={() => end(() => navigate(tutorial.closeTo))}
      onUploadMore={active.name === 'first-video' ? () => end(() => setUploadModal({ open: true, files: [] })) : undefined}
    />
  );
}
