import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import type { TeamRole } from '../../../shared/http/team.schemas';
import { sessionAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { useRemoteQuery } from '../../lib/useRemoteQuery';
import { teamApi } from './team.api';

/**
 * The signed-in person's role in the current brand (issue 29), or null until it is known: what a member may not do
 * (the team, the API key) is hidden from them — the back end refuses it anyway.
 */
export function useMyRole(): TeamRole | null {
  const { api } = useServices();
  const brandId = useAtomValue(sessionAtom)?.currentBrand?._id ?? '';
  const query = useRemoteQuery(`my-role:${brandId}`, useCallback(async () => {
    return { data: brandId ? await teamApi.myRole(api.main, brandId) : null, status: 200 };
  }, [api, brandId]));
  return query.state.phase === 'success' ? query.state.body : null;
}
