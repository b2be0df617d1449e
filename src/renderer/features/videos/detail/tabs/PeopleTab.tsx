import { useCallback } from 'react';
import { useServices } from '../../../../app/useServices';
import { EmptyState } from '../../../../ui/page';
import { TimeButton } from '../../../../ui/transcript';
import { RemoteView } from '../../../../ui/remote';
import { useRemoteSlice } from '../../../../lib/useRemoteSlice';
import { fetchPeople } from '../videoDetail.api';
import type { DetailTabProps } from './tabProps';

/** People in the video, each with the moment they first appear. */
export function PeopleTab({ video, who, slices, onSeek }: DetailTabProps) {
  const { api } = useServices();
  const request = useCallback(() => fetchPeople(api.main, who, video._id), [api, who, video._id]);
  const { state, reload } = useRemoteSlice(slices.people, request);
  return (
    <RemoteView state={state} what="the people in this video" onRetry={() => void reload()}>
      {({ people }) =>
        people.length === 0 ? (
          <EmptyState icon="creators" title="No people recognised">
            The analysis found no people in this video.
          </EmptyState>
        ) : (
          <ul className="detail-list">
            {people.map((person) => (
              <li key={person._id} className="detail-list__item">
                <span className="detail-avatar" aria-hidden="true">
                  {person.name.slice(0, 1)}
                </span>
                <span className="detail-list__main">
                  <strong>{person.name}</strong>
                  <span className="detail-muted">{person.role}</span>
                </span>
                <span className="detail-muted">First appears</span>
                <TimeButton seconds={person.appears_at} onSeek={onSeek} />
              </li>
            ))}
          </ul>
        )
      }
    </RemoteView>
  );
}
