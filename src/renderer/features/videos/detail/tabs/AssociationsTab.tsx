import { identifierLabel, platformLabel } from '../../../../../shared/labels';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { useServices } from '../../../../app/useServices';
import { EmptyState } from '../../../../ui/page';
import { resolveMediaUrl } from '../../../../ui/player';
import { RemoteView } from '../../../../ui/remote';
import { useRemoteSlice } from '../../../../lib/useRemoteSlice';
import { fetchAssociations } from '../videoDetail.api';
import type { DetailTabProps } from './tabProps';
import { VideoThumb } from '../../../../ui/thumb';

/** Videos associated with this one (same product, creator or topic), each opening its own analysis. */
export function AssociationsTab({ video, who, slices }: DetailTabProps) {
  const { api, backend } = useServices();
  const request = useCallback(() => fetchAssociations(api.main, who, video._id), [api, who, video._id]);
  const { state, reload } = useRemoteSlice(slices.associations, request);
  return (
    <RemoteView state={state} what="the associated videos" onRetry={() => void reload()}>
      {({ associations }) =>
        associations.length === 0 ? (
          <EmptyState icon="video" title="No associated videos">
            No other video shares a product, creator or topic with this one yet.
          </EmptyState>
        ) : (
          <ul className="detail-list">
            {associations.map((item) => (
              <li key={item.video_id} className="detail-list__item">
                <VideoThumb className="detail-thumb" src={item.thumbnail_url && resolveMediaUrl(item.thumbnail_url, backend.origin)} title={item.title} />
                <span className="detail-list__main">
                  <Link to={`/videos/${item.video_id}`}>{item.title}</Link>
                  <span className="detail-muted">
                    {identifierLabel(item.kind)} · {platformLabel(item.platform)} · match {Math.round(item.score * 100)}%
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )
      }
    </RemoteView>
  );
}
