import { createHash } from 'node:crypto';
import type { SqlClient } from '../db/sqlClient';
import type { AddedVideo } from '../../shared/http/uploads.schemas';
import { createCreatorNaming } from './creators/creatorNaming';

/** A video to insert for a brand (analysis_stage 'pending'). */
export interface NewVideo {
  id: string;
  brandId: string;
  /** Null for a video a creator sent through a campaign's public page (no account). */
  userId: string | null;
  title: string;
  platform: string;
  videoUrl: string;
  embeddedUrl: string | null;
  thumbnailUrl: string | null;
  tiktokId: string | null;
  source: string;
  externalRef: string;
  fileName: string | null;
  at: string;
  /** The creator's name when the person who sent it gave one (a campaign page asks for it): the brand's creator of that name. */
  creatorName?: string;
}

export interface TicketRow {
  video_id: string;
  kind: 'video' | 'subtitle';
  file_name: string;
  expires_at: string;
  claimed_at: string | null;
  completed_at: string | null;
}

/** SHA-256 of an upload token: the only form stored. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const ADDED_COLUMNS = 'id AS _id, brand_id, title, platform, video_url, video_embedded_url, thumbnail_url, tiktok_id, analysis_stage, created_at';
/**
 * What a video holds before its analysis: no brand-safety label and an audience not measured yet. Not "safe" and
 * "none": a label is a finding, and nothing has looked at the video yet.
 */
export const UNANALYSED_BRAND_SAFETY = JSON.stringify({});
export const UNANALYSED_DEMOGRAPHICS = JSON.stringify({ age_range: {}, ethnicity: {}, gender: {} });

const INSERT_VIDEO = `INSERT INTO videos (id, brand_id, title, platform, video_url, video_embedded_url, thumbnail_url, tiktok_id, added_by_bm, language,
    brand_safety, demographics, analysis_stage, created_at, updated_at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 'en', ?, ?, 'pending', ?, ?)`;
const BY_SOURCE = 'SELECT video_id FROM video_sources WHERE brand_id = ? AND source = ? AND external_ref = ?';
const ADDED = `SELECT ${ADDED_COLUMNS} FROM videos WHERE id = ?`;

/**
 * Videos added by a brand (any source) and the one-time upload tickets of own-storage files, on either engine. Build it
 * over a transaction's client (`createUploadsRepository(tx)`) to store an upload with other writes in one go.
 */
export function createUploadsRepository(sql: SqlClient) {
  const added = async (client: SqlClient, videoId: string): Promise<AddedVideo | null> => (await client.get<AddedVideo>(ADDED, [videoId])) ?? null;

  return {
    /** Inserts the video and its source row; returns the existing video instead when the brand already added this source. */
    addVideo(video: NewVideo): Promise<{ video: AddedVideo; duplicate: boolean }> {
      return sql.transaction(async (tx) => {
        const existing = await tx.get<{ video_id: string }>(BY_SOURCE, [video.brandId, video.source, video.externalRef]);
        if (existing) return { video: (await added(tx, existing.video_id)) as AddedVideo, duplicate: true };
        await tx.run(INSERT_VIDEO, [
          video.id, video.brandId, video.title, video.platform, video.videoUrl, video.embeddedUrl, video.thumbnailUrl, video.tiktokId,
          UNANALYSED_BRAND_SAFETY, UNANALYSED_DEMOGRAPHICS, video.at, video.at,
        ]);
        await tx.run('INSERT INTO video_sources (video_id, brand_id, user_id, source, external_ref, file_name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
          video.id, video.brandId, video.userId, video.source, video.externalRef, video.fileName, video.at,
        ]);
        if (video.creatorName?.trim()) {
          const naming = createCreatorNaming(tx);
          const creatorId = await naming.findOrAdd({
            brandId: video.brandId, name: video.creatorName, platform: video.platform, language: 'en', type: video.userId ? 'brand' : 'fan', at: video.at,
          });
          await tx.run('UPDATE videos SET creator_id = ? WHERE id = ?', [creatorId, video.id]);
          await naming.recount(creatorId);
        }
        return { video: (await added(tx, video.id)) as AddedVideo, duplicate: false };
      });
    },
    async findBySource(brandId: string, source: string, externalRef: string): Promise<string | null> {
      return (await sql.get<{ video_id: string }>(BY_SOURCE, [brandId, source, externalRef]))?.video_id ?? null;
    },
    added: (videoId: string): Promise<AddedVideo | null> => added(sql, videoId),
    async updateLink(videoId: string, videoUrl: string, embeddedUrl: string | null, title: string | null, at: string): Promise<void> {
      await sql.run('UPDATE videos SET video_url = ?, video_embedded_url = ?, title = COALESCE(?, title), updated_at = ? WHERE id = ?', [videoUrl, embeddedUrl, title, at, videoId]);
    },
    async ownVideo(videoId: string, brandId: string): Promise<{ id: string; platform: string; media_file: string | null; analysis_stage: string } | null> {
      return (await sql.get<{ id: string; platform: string; media_file: string | null; analysis_stage: string }>(
        'SELECT id, platform, media_file, analysis_stage FROM videos WHERE id = ? AND brand_id = ?', [videoId, brandId],
      )) ?? null;
    },
    setMedia(videoId: string, mediaFile: string, fileName: string, at: string): Promise<void> {
      return sql.transaction(async (tx) => {
        await tx.run('UPDATE videos SET media_file = ?, updated_at = ? WHERE id = ?', [mediaFile, at, videoId]);
        await tx.run('UPDATE video_sources SET file_name = ? WHERE video_id = ?', [fileName, videoId]);
      });
    },
    async addTicket(token: string, videoId: string, kind: 'video' | 'subtitle', fileName: string, expiresAt: string, at: string): Promise<void> {
      await sql.run('INSERT INTO upload_tickets (token_hash, video_id, kind, file_name, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
        hashToken(token), videoId, kind, fileName, expiresAt, at,
      ]);
    },
    ticket: async (token: string): Promise<TicketRow | null> =>
      (await sql.get<TicketRow>('SELECT video_id, kind, file_name, expires_at, claimed_at, completed_at FROM upload_tickets WHERE token_hash = ?', [hashToken(token)])) ?? null,
    /** Atomically takes an unused, unexpired ticket; false when used, in use or expired. */
    claim: async (token: string, at: string): Promise<boolean> =>
      (await sql.run('UPDATE upload_tickets SET claimed_at = ? WHERE token_hash = ? AND claimed_at IS NULL AND completed_at IS NULL AND expires_at > ?', [at, hashToken(token), at])).changes === 1,
    /** A failed transfer gives the ticket back (it stays one-time: only a completed upload uses it up). */
    async release(token: string): Promise<void> {
      await sql.run('UPDATE upload_tickets SET claimed_at = NULL WHERE token_hash = ? AND completed_at IS NULL', [hashToken(token)]);
    },
    async complete(token: string, at: string): Promise<void> {
      await sql.run('UPDATE upload_tickets SET completed_at = ? WHERE token_hash = ?', [at, hashToken(token)]);
    },
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
