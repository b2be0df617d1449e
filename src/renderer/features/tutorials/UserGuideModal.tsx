import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import type { AxiosInstance } from 'axios';
import { VideoListResponseSchema } from '../../../shared/http/videos.schemas';
import { TUTORIAL_TEXTS } from '../../../shared/messages';
import { actingIdentityAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { Modal } from '../../ui/dialog';
import { activeTutorialAtom, userGuideOpenAtom } from './tutorials.atoms';
import type { TutorialName } from './tutorials.content';
import { TUTORIALS } from './tutorials.content';

const GUIDES: readonly { name: TutorialName; route: string; text: string }[] = [
  { name: 'home-overview', route: '/home', text: 'A tour of Home: overview, trending, shortcuts, word cloud and search.' },
  { name: 'video-detail', route: '/videos', text: 'How to read a video analysis: player, transcript, sentiment and brand safety.' },
  { name: 'first-video', route: '/videos', text: 'Where your videos live and what happens after an upload.' },
];

/**
 * Where the video-analysis tour runs: the page of the brand's newest analysed video (its steps point at the player,
 * transcript and tabs of a video's page, which the list has none of); the list when there is none or it cannot be read.
 */
async function videoAnalysisRoute(main: AxiosInstance, who: { brand_id: string; user_id: string } | null): Promise<string> {
  if (!who) return '/videos';
  try {
    const response = await main.get('/videos', { params: { ...who, per_page: '10' } });
    const video = VideoListResponseSchema.parse(response.data).videos.find((entry) => entry.analysis_stage === 'completed' && !entry.is_flagged);
    return video ? `/videos/${video._id}` : '/videos';
  } catch {
    return '/videos';
  }
}

/** The user guide: lists the tutorials and starts one on its page. */
export function UserGuideModal() {
  const setOpen = useSetAtom(userGuideOpenAtom);
  const setActive = useSetAtom(activeTutorialAtom);
  const navigate = useNavigate();
  const { api } = useServices();
  const who = useAtomValue(actingIdentityAtom);
  const start = async (guide: (typeof GUIDES)[number]) => {
    const route = guide.name === 'video-detail' ? await videoAnalysisRoute(api.main, who) : guide.route;
    setOpen(false);
    void navigate(route);
    setActive({ name: guide.name, step: 0 });
  };
  return (
    <Modal title={TUTORIAL_TEXTS.userGuide} onDismiss={() => setOpen(false)}>
      <ul className="user-guide">
        {GUIDES.map((guide) => (
          <li key={guide.name} className="user-guide__item">
            <div>
              <p className="user-guide__title">{TUTORIALS[guide.name].label}</p>
              <p className="user-guide__text">
                {guide.text} {TUTORIALS[guide.name].steps.length} steps.
              </p>
            </div>
            <button
              type="button"
              className="btn btn--small"
              onClick={() => void start(guide)}
            >
              {/* Three Start buttons: each names its tutorial, or a screen reader hears "Start" three times. */}
              Start<span className="visually-hidden"> {TUTORIALS[guide.name].label}</span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}

/** The top bar's help button. */
export function UserGuideButton() {
  const setOpen = useSetAtom(userGuideOpenAtom);
  return (
    <button type="button" className="icon-button" aria-label={TUTORIAL_TEXTS.userGuide} title={TUTORIAL_TEXTS.userGuide} onClick={() => setOpen(true)}>
      ?
    </button>
  );
}
