import { useCallback, useState } from 'react';
import { useSetAtom } from 'jotai';
import { useServices } from '../../../../app/useServices';
import { toFailure } from '../../../../lib/httpFailure';
import { pushBannerAtom } from '../../../../ui/banner';
import { TimeButton, TranscriptSnippet } from '../../../../ui/transcript';
import { RemoteView } from '../../../../ui/remote';
import { ShareBars } from '../ShareBars';
import { ThumbIcon } from '../ThumbIcon';
import { NotAnalysedNote } from '../NotAnalysedNote';
import { useRemoteSlice } from '../../../../lib/useRemoteSlice';
import { fetchSentiment, sendSentimentFeedback } from '../videoDetail.api';
import type { DetailTabProps } from './tabProps';

/** Overall sentiment, the like/dislike feedback on it, and the sentiment highlights of the transcript. */
export function SentimentTab({ video, who, slices, onSeek, onVideoChanged }: DetailTabProps) {
  const { api } = useServices();
  const pushBanner = useSetAtom(pushBannerAtom);
  const request = useCallback(() => fetchSentiment(api.main, who, video._id), [api, who, video._id]);
  const { state, reload } = useRemoteSlice(slices.sentiment, request);
  const succeed = useSetAtom(slices.sentiment.succeed);
  const [sending, setSending] = useState(false);

  const feedback = async (like: boolean) => {
    if (state.phase !== 'success') return;
    // Choosing the current answer again clears it.
    const next = state.body.sentiment_feedback_like === like ? null : like;
    setSending(true);
    try {
      const saved = await sendSentimentFeedback(api.main, who, video._id, next);
      succeed({ ...state.body, sentiment_feedback_like: saved }, state.status);
      onVideoChanged({ ...video, sentiment_feedback_like: saved });
    } catch (error) {
      pushBanner(`Your feedback on the sentiment could not be saved: ${toFailure(error).error}`, 'error');
    } finally {
      setSending(false);
    }
  };

  return (
    <RemoteView state={state} what="the sentiment" onRetry={() => void reload()}>
      {(body) => {
        if (body.sentiment === null) {
          // Nothing was heard: no shares, no feedback to give and no highlights, only which part and why.
          return (
            <div className="detail-stack">
              <NotAnalysedNote part="Sentiment" reason={body.not_analysed ?? video.not_analysed.speech ?? ''} />
            </div>
          );
        }
        return (
          <div className="detail-stack">
            <ShareBars
              title="Overall sentiment"
              entries={[
                { label: 'Positive', share: body.sentiment.positive, tone: 'positive' },
                { label: 'Neutral', share: body.sentiment.neutral, tone: 'neutral' },
                { label: 'Negative', share: body.sentiment.negative, tone: 'negative' },
              ]}
            />
            <div className="detail-feedback" role="group" aria-label="Is this sentiment analysis right?">
              <span className="detail-muted">Is this sentiment analysis right?</span>
              <button type="button" className="btn btn--small" aria-pressed={body.sentiment_feedback_like === true} disabled={sending} onClick={() => void feedback(true)}>
                <ThumbIcon direction="up" /> Like
              </button>
              <button type="button" className="btn btn--small" aria-pressed={body.sentiment_feedback_like === false} disabled={sending} onClick={() => void feedback(false)}>
                <ThumbIcon direction="down" /> Dislike
              </button>
            </div>
            <section aria-label="Sentiment Highlights">
              <h3 className="detail-subtitle">Sentiment Highlights</h3>
              {body.highlights.length === 0 ? (
                <p className="detail-muted">No line of this video carries a clear sentiment.</p>
              ) : (
                <ul className="transcript-highlights__list">
                  {body.highlights.map((line) => (
                    <li key={line.line_no} className={`transcript-highlight transcript-highlight--${line.sentiment}`}>
                      <TimeButton seconds={line.start_time} onSeek={onSeek} />
                      <span className="transcript-highlight__tone">{line.sentiment}</span>
                      <TranscriptSnippet text={line.content} />
                    </li>
                  ))}
                </ul>
              )}
            </section>
          </div>
        );
      }}
    </RemoteView>
  );
}
