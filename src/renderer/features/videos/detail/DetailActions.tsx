import { useState } from 'react';
import { useSetAtom } from 'jotai';
import type { VideoDetail } from '../../../../shared/http/videos.schemas';
import { useServices } from '../../../app/useServices';
import { toFailure } from '../../../lib/httpFailure';
import { pushBannerAtom } from '../../../ui/banner';
import { ConfirmDialog } from '../../../ui/dialog';
import type { Identity } from '../videos.api';
import { favoriteVideos, publishVideos, unfavoriteVideos } from '../videos.api';
import { reanalyzeVideo } from './videoDetail.api';

interface DetailActionsProps {
  video: VideoDetail;
  who: Identity;
  /** Own video of the acting brand: publish and re-analyze are offered only then. */
  own: boolean;
  onChanged: (video: VideoDetail) => void;
  /** Re-reads the video (its analysis stage changes after a re-analysis starts). */
  onReload: () => void;
}

type Dialog = 'reanalyze' | 'unfavorite' | 'publish' | null;

/** Favorite, publish/unpublish and re-analyze (confirm → loading → the server's message). */
export function DetailActions({ video, who, own, onChanged, onReload }: DetailActionsProps) {
  const { api } = useServices();
  const pushBanner = useSetAtom(pushBannerAtom);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [busy, setBusy] = useState<'favorite' | null>(null);

  const fail = (what: string, error: unknown) => pushBanner(`${what}: ${toFailure(error).error}`, 'error');

  /** Publish and unpublish are both confirmed (the confirm flow shows the server's message). */
  const togglePublish = async (): Promise<string> => {
    try {
      const result = await publishVideos(api.main, who, [video._id], !video.published);
      onChanged({ ...video, published: !video.published });
      return result.message;
    } catch (error) {
      const what = video.published ? 'The video could not be unpublished' : 'The video could not be published';
      throw new Error(`${what}: ${toFailure(error).error}`, { cause: error });
    }
  };

  const favorite = async () => {
    setBusy('favorite');
    try {
      await favoriteVideos(api.main, who, [video._id]);
      onChanged({ ...video, is_favorite: true });
    } catch (error) {
      fail('The video could not be added to Favorites', error);
    } finally {
      setBusy(null);
    }
  };

  const unfavorite = async (): Promise<string> => {
    try {
      const result = await unfavoriteVideos(api.main, who, [video._id]);
      onChanged({ ...video, is_favorite: false });
      return result.message;
    } catch (error) {
      throw new Error(`The video could not be removed from Favorites: ${toFailure(error).error}`, { cause: error });
    }
  };

  const reanalyze = async (): Promise<string> => {
    try {
      return await reanalyzeVideo(api.second, who, video._id);
    } catch (error) {
      throw new Error(`Re-analysis could not be started: ${toFailure(error).error}`, { cause: error });
    }
  };

  return (
    <div className="detail-actions">
      <button
        type="button"
        className="btn btn--small"
        aria-pressed={video.is_favorite}
        disabled={busy === 'favorite'}
        onClick={() => (video.is_favorite ? setDialog('unfavorite') : void favorite())}
      >
        {video.is_favorite ? '★ Favorite' : '☆ Add to Favorites'}
      </button>
      {own && (
        <button type="button" className="btn btn--small" onClick={() => setDialog('publish')}>
          {video.published ? 'Unpublish' : 'Publish to app'}
        </button>
      )}
      {own && (
        <button type="button" className="btn btn--small btn--primary" disabled={video.analysis_stage === 'processing'} onClick={() => setDialog('reanalyze')}>
          {video.analysis_stage === 'processing' ? 'Analysing…' : 'Re-analyze'}
        </button>
      )}
      {dialog === 'reanalyze' && (
        <ConfirmDialog
          title="Re-analyze video"
          question="Run the analysis of this video again? Its sentiment, transcript and demographics are replaced when it completes."
          onConfirm={reanalyze}
          onClose={(done) => {
            setDialog(null);
            if (done) onReload();
          }}
        />
      )}
      {dialog === 'publish' && (
        <ConfirmDialog
          title={video.published ? 'Unpublish video' : 'Publish to app'}
          question={
            video.published
              ? 'Take this video out of your shopper app? Shoppers stop seeing it; you can publish it again later.'
              : 'Publish this video to your shopper app? Shoppers see it once it is published.'
          }
          onConfirm={togglePublish}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'unfavorite' && (
        <ConfirmDialog
          title="Remove from Favorites"
          question="Remove this video from your Favorites?"
          onConfirm={unfavorite}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
