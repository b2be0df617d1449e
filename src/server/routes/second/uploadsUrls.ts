import type { Platform } from '../../../shared/constants';
import { UPLOAD_MESSAGES, type UrlDetails } from '../../../shared/http/uploads.schemas';
import { normalizeUrl } from '../../../shared/rules/validation';
import { videoMimeType } from '../../../shared/rules/videos';

type Known = Omit<UrlDetails, 'url' | 'supported' | 'message'> & { platform: Platform };

/** "my-best_clip.mp4" → "My best clip". */
function titleFromSlug(segment: string | undefined): string | null {
  if (!segment) return null;
  let text = segment;
  try {
    text = decodeURIComponent(segment);
  } catch {
    // keep the raw segment
  }
  text = text.replace(/\.[a-z0-9]{2,4}$/i, '').replace(/[-_+]+/g, ' ').trim();
  return text === '' ? null : text.charAt(0).toUpperCase() + text.slice(1);
}

function youtube(url: URL, host: string): Known | null {
  if (!['youtube.com', 'youtu.be', 'youtube-nocookie.com', 'music.youtube.com'].includes(host)) return null;
  const parts = url.pathname.split('/').filter(Boolean);
  const candidate = host === 'youtu.be' ? parts[0] : url.searchParams.get('v') ?? (['shorts', 'embed', 'live', 'v'].includes(parts[0] ?? '') ? parts[1] : undefined);
  const id = candidate && /^[\w-]{11}$/.test(candidate) ? candidate : null;
  return {
    platform: 'Youtube', external_id: id, tiktok_id: null, title: id ? `YouTube video ${id}` : 'YouTube video',
    video_embedded_url: id ? `https://www.youtube.com/embed/${id}` : null, thumbnail_url: id ? `https://i.ytimg.com/vi/${id}/hqdefault.jpg` : null,
  };
}

function tiktok(url: URL, host: string): Known | null {
  if (!host.endsWith('tiktok.com')) return null;
  const match = url.pathname.match(/\/(@[\w.-]+)\/video\/(\d{5,25})/) ?? url.pathname.match(/\/(?:v|embed\/v2|embed)\/(\d{5,25})/);
  const id = match ? (match[2] ?? match[1] ?? null) : null;
  const user = match?.[2] ? match[1] : null;
  return {
    platform: 'Tiktok', external_id: id, tiktok_id: id, title: user ? `TikTok video by ${user}` : 'TikTok video',
    video_embedded_url: id ? `https://www.tiktok.com/embed/v2/${id}` : null, thumbnail_url: null,
  };
}

/** Instagram post, reel or TV link: /p/CODE, /reel/CODE, /reels/CODE, /tv/CODE, optionally after /USERNAME/. */
export function instagramParts(url: URL, host: string): { kind: 'post' | 'reel' | 'tv'; shortcode: string; username: string | null } | null {
  if (host !== 'instagram.com' && host !== 'instagr.am') return null;
  const match = url.pathname.match(/^\/(?:([\w.]+)\/)?(p|reel|reels|tv)\/([\w-]{5,40})\/?/);
  if (!match || !match[3] || !match[2]) return null;
  const kind = match[2] === 'p' ? 'post' : match[2] === 'tv' ? 'tv' : 'reel';
  return { kind, shortcode: match[3], username: match[1] ?? null };
}

function instagram(url: URL, host: string): Known | null {
  const parts = instagramParts(url, host);
  if (!parts) return host === 'instagram.com' ? { platform: 'Instagram', external_id: null, tiktok_id: null, title: 'Instagram video', video_embedded_url: null, thumbnail_url: null } : null;
  const path = parts.kind === 'post' ? 'p' : parts.kind;
  return {
    platform: 'Instagram', external_id: parts.shortcode, tiktok_id: null,
    title: `Instagram ${parts.kind}${parts.username ? ` by @${parts.username}` : ''} ${parts.shortcode}`,
    video_embedded_url: `https://www.instagram.com/${path}/${parts.shortcode}/embed`, thumbnail_url: null,
  };
}

function dropbox(url: URL, host: string): Known | null {
  if (host !== 'dropbox.com' && host !== 'dl.dropboxusercontent.com') return null;
  const segments = url.pathname.split('/').filter(Boolean);
  const embedded = new URL(url.toString());
  embedded.searchParams.delete('dl');
  embedded.searchParams.set('raw', '1');
  return {
    platform: 'Dropbox', external_id: url.pathname === '/' ? null : url.pathname, tiktok_id: null,
    title: titleFromSlug(segments.at(-1)) ?? 'Dropbox video', video_embedded_url: embedded.toString(), thumbnail_url: null,
  };
}

function googleDrive(url: URL, host: string): Known | null {
  if (host !== 'drive.google.com' && host !== 'docs.google.com') return null;
  const id = url.pathname.match(/\/file\/d\/([\w-]{10,})/)?.[1] ?? url.searchParams.get('id');
  return {
    platform: 'GoogleDrive', external_id: id, tiktok_id: null, title: id ? `Google Drive video ${id.slice(0, 8)}` : 'Google Drive video',
    video_embedded_url: id ? `https://drive.google.com/file/d/${id}/preview` : null, thumbnail_url: id ? `https://drive.google.com/thumbnail?id=${id}` : null,
  };
}

function s3(url: URL, host: string): Known | null {
  if (!host.endsWith('.amazonaws.com') || !videoMimeType(url.pathname)) return null;
  return {
    platform: 'AWS_S3_Swirl', external_id: url.pathname, tiktok_id: null, title: titleFromSlug(url.pathname.split('/').at(-1)) ?? 'Video',
    video_embedded_url: url.toString(), thumbnail_url: null,
  };
}

/**
 * What a video link is, from its shape alone (spec §5 normalisation first: http:// is prepended when the link names
 * neither http nor https). Nothing is fetched: titles are guesses from ids and slugs.
 */
export function describeUrl(raw: string): UrlDetails {
  const normalised = normalizeUrl(raw);
  const unsupported: UrlDetails = {
    url: normalised, platform: null, supported: false, title: '', video_embedded_url: null, thumbnail_url: null, tiktok_id: null, external_id: null,
    message: UPLOAD_MESSAGES.unsupportedUrl,
  };
  let url: URL;
  try {
    url = new URL(normalised);
  } catch {
    return unsupported;
  }
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|mobile\.)/, '');
  for (const detect of [youtube, tiktok, instagram, dropbox, googleDrive, s3]) {
    const known = detect(url, host);
    if (known) {
      const complete = known.external_id !== null;
      return { ...known, url: normalised, supported: true, message: complete ? null : 'The link does not show which video it is; it is kept as given.' };
    }
  }
  return unsupported;
}
