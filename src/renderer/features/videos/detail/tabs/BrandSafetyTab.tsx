import type { DetailTabProps } from './tabProps';
import { NotAnalysedText } from '../NotAnalysedNote';

const VISUAL_TEXT = { safe: 'Safe', caution: 'Needs caution', unsafe: 'Unsafe' } as const;
const LANGUAGE_TEXT = { none: 'None', mild: 'Mild', strong: 'Strong' } as const;
const VISUAL_TONE = { safe: 'success', caution: 'warning', unsafe: 'danger' } as const;
const LANGUAGE_TONE = { none: 'success', mild: 'warning', strong: 'danger' } as const;

/** Brand safety of the video: visual content, foul language, and what else the analysis heard and saw. */
export function BrandSafetyTab({ video }: DetailTabProps) {
  const { visual_content: visual, foul_language: language } = video.brand_safety;
  const missing = video.not_analysed;
  return (
    <div className="detail-stack">
      <dl className="detail-facts">
        <div className="detail-facts__item">
          <dt>Visual content</dt>
          <dd>
            {visual === null ? <NotAnalysedText reason={missing.visual_content} /> : <span className={`detail-badge detail-badge--${VISUAL_TONE[visual]}`}>{VISUAL_TEXT[visual]}</span>}
          </dd>
        </div>
        <div className="detail-facts__item">
          <dt>Foul language</dt>
          <dd>
            {language === null ? <NotAnalysedText reason={missing.speech} /> : <span className={`detail-badge detail-badge--${LANGUAGE_TONE[language]}`}>{LANGUAGE_TEXT[language]}</span>}
          </dd>
        </div>
        <div className="detail-facts__item">
          <dt>Sponsored</dt>
          <dd>{video.sponsored ? `Yes${video.sponsored_by ? `, by ${video.sponsored_by}` : ''}` : missing.sponsored === null ? 'No' : <NotAnalysedText reason={missing.sponsored} />}</dd>
        </div>
        <div className="detail-facts__item">
          <dt>Audio</dt>
          <dd>{video.audio_labels.length > 0 ? video.audio_labels.join(', ') : missing.speech === null ? 'No audio labels' : <NotAnalysedText reason={missing.speech} />}</dd>
        </div>
        <div className="detail-facts__item">
          <dt>Scene and point of view</dt>
          <dd>{[video.scene, video.pov].filter(Boolean).join(' · ') || (missing.visual_content === null ? 'Not recognised' : <NotAnalysedText reason={missing.visual_content} />)}</dd>
        </div>
        <div className="detail-facts__item">
          <dt>Topics</dt>
          <dd>{video.topics.length > 0 ? video.topics.map((topic) => topic.topic).join(', ') : missing.speech === null ? 'No topics found' : <NotAnalysedText reason={missing.speech} />}</dd>
        </div>
      </dl>
    </div>
  );
}
