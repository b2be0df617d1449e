import type { AxiosInstance } from 'axios';
import { SessionResponseSchema, type SessionResponse } from '../../../shared/http/auth.schemas';
import {
  InvitationPreviewSchema, InvitationSignUpResponseSchema, InviteResponseSchema, MyRoleResponseSchema, TeamResponseSchema, TeammateSchema,
  type InvitationPreview, type InvitationSignUpBody, type TeamResponse, type TeamRole, type Teammate,
} from '../../../shared/http/team.schemas';

/** The calls of the team screen and the invitation link (issue 29), under /jwt_api. */
export const teamApi = {
  async myRole(api: AxiosInstance, brandId: string): Promise<TeamRole> {
    return MyRoleResponseSchema.parse((await api.get(`/brands/${brandId}/role`)).data).role;
  },
  async team(api: AxiosInstance, brandId: string): Promise<TeamResponse> {
    return TeamResponseSchema.parse((await api.get(`/brands/${brandId}/team`)).data);
  },
  /** The sentence to show and the invitation's link, which the answer carries this once. */
  async invite(api: AxiosInstance, brandId: string, email: string, role: TeamRole): Promise<{ message: string; link: string }> {
    const { message, link } = InviteResponseSchema.parse((await api.post(`/brands/${brandId}/team/invitations`, { email, role })).data);
    return { message, link };
  },
  async cancelInvitation(api: AxiosInstance, brandId: string, invitationId: string): Promise<void> {
    await api.delete(`/brands/${brandId}/team/invitations/${invitationId}`);
  },
  async changeRole(api: AxiosInstance, brandId: string, userId: string, role: TeamRole): Promise<Teammate> {
    return TeammateSchema.parse((await api.put(`/brands/${brandId}/team/members/${userId}`, { role })).data);
  },
  async remove(api: AxiosInstance, brandId: string, userId: string): Promise<void> {
    await api.delete(`/brands/${brandId}/team/members/${userId}`);
  },
  async preview(api: AxiosInstance, token: string): Promise<InvitationPreview> {
    return InvitationPreviewSchema.parse((await api.get(`/team/invitations/${token}`)).data);
  },
  async accept(api: AxiosInstance, token: string): Promise<SessionResponse> {
    return SessionResponseSchema.parse((await api.post(`/team/invitations/${token}/accept`)).data);
  },
  /** The sentence saying where the link to finish went (the same for any address). */
  async signUp(api: AxiosInstance, token: string, body: InvitationSignUpBody): Promise<string> {
    return InvitationSignUpResponseSchema.parse((await api.post(`/team/invitations/${token}/sign_up`, body)).data).message;
  },
  /** Finishes the sign-up waiting on the link; a 208 (the address got an account meanwhile) answers its message instead of a session. */
  async finish(api: AxiosInstance, token: string): Promise<SessionResponse | { message: string }> {
    const response = await api.post(`/team/invitations/${token}/finish`);
    if (response.status === 208) return { message: String((response.data as { error_message?: unknown }).error_message ?? '') };
    return SessionResponseSchema.parse(response.data);
  },
};
