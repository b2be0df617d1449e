import type { TeamRole } from '../../../shared/http/team.schemas';
import type { SqlClient } from '../../db/sqlClient';
import { PERSON_NAME } from './authorship';

/** A user's place in one of their brands. */
export interface Membership {
  brandId: string;
  role: TeamRole;
}

export interface TeammateRecord {
  userId: string;
  firstName: string;
  lastName: string;
  email: string;
  role: TeamRole;
  joinedAt: string | null;
  lastActiveAt: string | null;
}

export interface InvitationRecord {
  id: string;
  brandId: string;
  email: string;
  role: TeamRole;
  invitedBy: string | null;
  inviterName: string | null;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  /** A sign-up through the link, waiting for the link mailed to the invited address; null when none waits. */
  signUp: PendingSignUp | null;
}

/** Who signed up through an invitation's link, kept until the invited mailbox opens the link it was sent. */
interface PendingSignUp {
  firstName: string;
  lastName: string;
  passwordHash: string;
}

interface InvitationRow {
  id: string;
  brand_id: string;
  email: string;
  role: TeamRole;
  invited_by: string | null;
  inviter_name: string | null;
  created_at: string;
  expires_at: string;
  accepted_at: string | null;
  signup_first_name: string | null;
  signup_last_name: string | null;
  signup_password_hash: string | null;
}

const toInvitation = (row: InvitationRow): InvitationRecord => ({
  id: row.id, brandId: row.brand_id, email: row.email, role: row.role, invitedBy: row.invited_by,
  inviterName: row.inviter_name, createdAt: row.created_at, expiresAt: row.expires_at, acceptedAt: row.accepted_at,
  signUp: row.signup_password_hash === null ? null
    : { firstName: row.signup_first_name ?? '', lastName: row.signup_last_name ?? '', passwordHash: row.signup_password_hash },
});


const INVITATION_SELECT = `SELECT i.id, i.brand_id, i.email, i.role, i.invited_by, ${PERSON_NAME('u')} AS inviter_name, i.created_at, i.expires_at, i.accepted_at,
    i.signup_first_name, i.signup_last_name, i.signup_password_hash
  FROM brand_invitations i LEFT JOIN users u ON u.id = i.invited_by`;

/** A brand's people, their roles and invitations (issue 29); the same texts on both engines. */
export function createTeamRepository(sql: SqlClient) {
  return {
    /** Every brand the user belongs to with their role there, oldest brand first. */
    memberships(userId: string): Promise<Membership[]> {
      return sql.all<Membership>(
        `SELECT m.brand_id AS "brandId", m.role FROM brand_members m JOIN brands b ON b.id = m.brand_id
         WHERE m.user_id = ? ORDER BY b.created_at, b.name`,
        [userId],
      );
    },
    async members(brandId: string): Promise<TeammateRecord[]> {
      return sql.all<TeammateRecord>(
        `SELECT u.id AS "userId", u.first_name AS "firstName", u.last_name AS "lastName", u.email, m.role,
           m.joined_at AS "joinedAt", m.last_active_at AS "lastActiveAt"
         FROM brand_members m JOIN users u ON u.id = m.user_id WHERE m.brand_id = ? ORDER BY u.first_name, u.last_name, u.id`,
        [brandId],
      );
    },
    async roleOf(userId: string, brandId: string): Promise<TeamRole | null> {
      const row = await sql.get<{ role: TeamRole }>('SELECT role FROM brand_members WHERE user_id = ? AND brand_id = ?', [userId, brandId]);
      return row?.role ?? null;
    },
    /** Adds the user to the brand; false when they already belong to it. */
    async addMember(userId: string, brandId: string, role: TeamRole, at: string): Promise<boolean> {
      const { changes } = await sql.run(
        'INSERT INTO brand_members (user_id, brand_id, role, joined_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING',
        [userId, brandId, role, at],
      );
      return changes === 1;
    },
    async setRole(brandId: string, userId: string, role: TeamRole): Promise<boolean> {
      return (await sql.run('UPDATE brand_members SET role = ? WHERE brand_id = ? AND user_id = ?', [role, brandId, userId])).changes === 1;
    },
    async removeMember(brandId: string, userId: string): Promise<boolean> {
      return (await sql.run('DELETE FROM brand_members WHERE brand_id = ? AND user_id = ?', [brandId, userId])).changes === 1;
    },
    async managerCount(brandId: string): Promise<number> {
      const row = await sql.get<{ n: number | string }>("SELECT COUNT(*) AS n FROM brand_members WHERE brand_id = ? AND role = 'manager'", [brandId]);
      return Number(row?.n ?? 0);
    },
    /** When the person last made a request for the brand. */
    async touch(userId: string, brandId: string, at: string): Promise<void> {
      await sql.run('UPDATE brand_members SET last_active_at = ? WHERE user_id = ? AND brand_id = ?', [at, userId, brandId]);
    },
    async createInvitation(invitation: { id: string; brandId: string; email: string; role: TeamRole; tokenHash: string; invitedBy: string; createdAt: string; expiresAt: string }): Promise<void> {
      await sql.run(
        'INSERT INTO brand_invitations (id, brand_id, email, role, token_hash, invited_by, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
        [invitation.id, invitation.brandId, invitation.email, invitation.role, invitation.tokenHash, invitation.invitedBy, invitation.createdAt, invitation.expiresAt],
      );
    },
    /** Invitations not yet accepted and still valid at `at`, newest first. */
    async pendingInvitations(brandId: string, at: string): Promise<InvitationRecord[]> {
      const rows = await sql.all<InvitationRow>(`${INVITATION_SELECT} WHERE i.brand_id = ? AND i.accepted_at IS NULL AND i.expires_at > ? ORDER BY i.created_at DESC`, [brandId, at]);
      return rows.map(toInvitation);
    },
    async invitationByTokenHash(tokenHash: string): Promise<InvitationRecord | null> {
      const row = await sql.get<InvitationRow>(`${INVITATION_SELECT} WHERE i.token_hash = ?`, [tokenHash]);
      return row ? toInvitation(row) : null;
    },
    /**
     * Gives a usable invitation a new token (the old link stops working) and keeps `signUp` waiting on it, or clears a
     * waiting one (null); false when the invitation was spent or withdrawn meanwhile.
     */
    async renewInvitationToken(id: string, tokenHash: string, signUp: PendingSignUp | null): Promise<boolean> {
      const { changes } = await sql.run(
        'UPDATE brand_invitations SET token_hash = ?, signup_first_name = ?, signup_last_name = ?, signup_password_hash = ? WHERE id = ? AND accepted_at IS NULL',
        [tokenHash, signUp?.firstName ?? null, signUp?.lastName ?? null, signUp?.passwordHash ?? null, id],
      );
      return changes === 1;
    },
    async cancelInvitation(brandId: string, id: string): Promise<boolean> {
      return (await sql.run('DELETE FROM brand_invitations WHERE id = ? AND brand_id = ? AND accepted_at IS NULL', [id, brandId])).changes === 1;
    },
    /**
     * Spends the invitation and puts the user in its brand, together: false (and nothing changed) when it was spent
     * meanwhile, so one link admits one person even when two accept at once.
     */
    acceptInvitation(invitation: InvitationRecord, userId: string, at: string): Promise<boolean> {
      return sql.transaction(async (tx) => {
        const spent = await tx.run(`UPDATE brand_invitations SET accepted_at = ?, accepted_by = ?, signup_first_name = NULL, signup_last_name = NULL, signup_password_hash = NULL
           WHERE id = ? AND accepted_at IS NULL`, [at, userId, invitation.id]);
        if (spent.changes !== 1) return false;
        await tx.run('INSERT INTO brand_members (user_id, brand_id, role, joined_at) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING', [userId, invitation.brandId, invitation.role, at]);
        return true;
      });
    },
  };
}
export type TeamRepository = ReturnType<typeof createTeamRepository>;
