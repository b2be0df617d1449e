import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
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
// New videos start with an explicit, schema-valid analysis (the column defaults '{}' would not parse).
/** What a video holds before its analysis: the brand-safety default and an audience not measured yet. */
export const UNANALYSED_BRAND_SAFETY = JSON.stringify({ visual_content: 'safe', foul_language: 'none' });
export const UNANALYSED_DEMOGRAPHICS = JSON.stringify({ age_range: {}, ethnicity: {}, gender: {} });

/** Videos added by a brand (any source) and the one-time upload tickets of own-storage files. */
export function createUploadsRepository(db: Database.Database) {
  const insertVideo = db.prepare(
    `INSERT INTO videos (id, brand_id, title, platform, video_url, video_embedded_url, thumbnail_url, tiktok_id, added_by_bm, language,
       brand_safety, demographics, analysis_stage, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, 1, 'en', ?, ?, 'pending', ?, ?)`,
  );
  const insertSource = db.prepare('INSERT INTO video_sources (video_id, brand_id, user_id, source, external_ref, file_name, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)');
  const bySource = db.prepare<[string, string, string], { video_id: string }>('SELECT video_id FROM video_sources WHERE brand_id = ? AND source = ? AND external_ref = ?');
  const added = db.prepare<[string], AddedVideo>(`SELECT ${ADDED_COLUMNS} FROM videos WHERE id = ?`);
  const updateLink = db.prepare('UPDATE videos SET video_url = ?, video_embedded_url = ?, title = COALESCE(?, title), updated_at = ? WHERE id = ?');
  const ownVideo = db.prepare<[string, string], { id: string; platform: string; media_file: string | null; analysis_stage: string }>(
    'SELECT id, platform, media_file, analysis_stage FROM videos WHERE id = ? AND brand_id = ?',
  );
  const setMedia = db.prepare('UPDATE videos SET media_file = ?, updated_at = ? WHERE id = ?');
  const insertTicket = db.prepare('INSERT INTO upload_tickets (token_hash, video_id, kind, file_name, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)');
  const ticket = db.prepare<[string], TicketRow>('SELECT video_id, kind, file_name, expires_at, claimed_at, completed_at FROM upload_tickets WHERE token_hash = ?');
  const claim = db.prepare('UPDATE upload_tickets SET claimed_at = ? WHERE token_hash = ? AND claimed_at IS NULL AND completed_at IS NULL AND expires_at > ?');
  const release = db.prepare('UPDATE upload_tickets SET claimed_at = NULL WHERE token_hash = ? AND completed_at IS NULL');
  const complete = db.prepare('UPDATE upload_tickets SET completed_at = ? WHERE token_hash = ?');
  const videoFileName = db.prepare('UPDATE video_sources SET file_name = ? WHERE video_id = ?');
  const linkCreator = db.prepare('UPDATE videos SET creator_id = ? WHERE id = ?');
  const naming = createCreatorNaming(db);

  return {
    /** Inserts the video and its source row; returns the existing video instead when the brand already added this source. */
    addVideo(video: NewVideo): { video: AddedVideo; duplicate: boolean } {
      return db.transaction(() => {
        const existing = bySource.get(video.brandId, video.source, video.externalRef);
        if (existing) return { video: added.get(existing.video_id) as AddedVideo, duplicate: true };
        insertVideo.run(
          video.id, video.brandId, video.title, video.platform, video.videoUrl, video.embeddedUrl, video.thumbnailUrl, video.tiktokId,
          UNANALYSED_BRAND_SAFETY, UNANALYSED_DEMOGRAPHICS, video.at, video.at,
        );
        insertSource.run(video.id, video.brandId, video.userId, video.source, video.externalRef, video.fileName, video.at);
        if (video.creatorName?.trim()) {
          const creatorId = naming.findOrAdd({
            brandId: video.brandId, name: video.creatorName, platform: video.platform, language: 'en', type: video.userId ? 'brand' : 'fan', at: video.at,
          });
          linkCreator.run(creatorId, video.id);
          naming.recount(creatorId);
        }
        return { video: added.get(video.id) as AddedVideo, duplicate: false };
      })();
    },
    findBySource(brandId: string, source: string, externalRef: string): string | null {
      return bySource.get(brandId, source, externalRef)?.video_id ?? null;
    },
    added: (videoId: string): AddedVideo | null => added.get(videoId) ?? null,
    updateLink(videoId: string, videoUrl: string, embeddedUrl: string | null, title: string | null, at: string): void {
      updateLink.run(videoUrl, embeddedUrl, title, at, videoId);
    },
    ownVideo: (videoId: string, brandId: string) => ownVideo.get(videoId, brandId) ?? null,
    setMedia(videoId: string, mediaFile: string, fileName: string, at: string): void {
      db.transaction(() => {
        setMedia.run(mediaFile, at, videoId);
        videoFileName.run(fileName, videoId);
      })();
    },
    addTicket(token: string, videoId: string, kind: 'video' | 'subtitle', fileName: string, expiresAt: string, at: string): void {
      insertTicket.run(hashToken(token), videoId, kind, fileName, expiresAt, at);
    },
    ticket: (token: string): TicketRow | null => ticket.get(hashToken(token)) ?? null,
    /** Atomically takes an unused, unexpired ticket; false when used, in use or expired. */
    claim: (token: string, at: string): boolean => claim.run(at, hashToken(token), at).changes === 1,
    /** A failed transfer gives the ticket back (it stays one-time: only a completed upload uses it up). */
    release: (token: string): void => void release.run(hashToken(token)),
    complete: (token: string, at: string): void => void complete.run(at, hashToken(token)),
  };
}
export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
