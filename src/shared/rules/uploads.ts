/** The upload rules both the renderer (early feedback) and the host (enforcement) apply before any byte is sent. */
import { VIDEO_MIME_MAP } from '../constants';
import { SUBTITLE_EXTENSIONS, UPLOAD_MESSAGES } from '../http/uploads.schemas';

function extension(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** True for .srt and .vtt. */
export function isSubtitleFile(name: string): boolean {
  return (SUBTITLE_EXTENSIONS as readonly string[]).includes(extension(name));
}

/** Content type of a subtitle PUT. */
export function subtitleContentType(name: string): string {
  return extension(name) === 'vtt' ? 'text/vtt' : 'application/x-subrip';
}

/** Why these files cannot be uploaded (spec §5 MIME map; .srt/.vtt beside), or null when they can. */
export function uploadRefusal(videoName: string, subtitleName?: string | null): string | null {
  if (!Object.hasOwn(VIDEO_MIME_MAP, extension(videoName))) return UPLOAD_MESSAGES.notAVideo;
  if (subtitleName && !isSubtitleFile(subtitleName)) return UPLOAD_MESSAGES.notASubtitle;
  return null;
}
