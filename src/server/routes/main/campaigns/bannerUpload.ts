import { basename } from 'node:path';
import type { FastifyRequest } from 'fastify';
import {
  CAMPAIGN_BANNER_FIELD, CAMPAIGN_BANNER_MAX_BYTES, CAMPAIGN_BANNER_MIME_MAP, CAMPAIGN_MESSAGES,
} from '../../../../shared/http/campaigns.schemas';
import { drainBody } from '../../../http/drainBody';
import { HttpError, badRequest } from '../../../http/httpError';
import type { MediaStore } from '../../../media/mediaStore';
import { discardFiles, mediaDestination, readMultipart } from '../uploads/multipartFields';

export const CAMPAIGN_MEDIA = 'campaigns';
// Room for the multipart boundaries and headers around the one file part.
const ENVELOPE_BYTES = 64 * 1024;

/** The first bytes of each accepted picture type: a file named .png that is not a PNG is refused like any other type. */
const SIGNATURES: Readonly<Record<string, (head: Buffer) => boolean>> = {
  'image/png': (head) => head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  'image/jpeg': (head) => head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff,
  'image/webp': (head) => head.subarray(0, 4).toString('latin1') === 'RIFF' && head.subarray(8, 12).toString('latin1') === 'WEBP',
};

async function headOf(store: MediaStore, key: string): Promise<Buffer> {
  const body = await store.get(key, { start: 0, end: 11 });
  const chunks: Buffer[] = [];
  if (body) for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).subarray(0, 12);
}

/**
 * Reads the banner of POST /campaigns/{id}/banner into the media store's `campaigns/`: 413 from a declared length over
 * the limit and 415 from the part's name and type, both before any of the file is stored; then its first bytes must
 * match its type. Answers the stored file's name.
 */
export async function receiveBanner(request: FastifyRequest, store: MediaStore | null): Promise<string> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > CAMPAIGN_BANNER_MAX_BYTES + ENVELOPE_BYTES) {
    await drainBody(request.raw);
    throw new HttpError(413, CAMPAIGN_MESSAGES.bannerTooLarge);
  }
  if (!request.isMultipart()) throw new HttpError(415, `${CAMPAIGN_MESSAGES.bannerType} Send it as multipart/form-data, field "${CAMPAIGN_BANNER_FIELD}".`);
  let mime = '';
  const toMedia = mediaDestination({
    store, folder: CAMPAIGN_MEDIA, field: CAMPAIGN_BANNER_FIELD, mimeMap: CAMPAIGN_BANNER_MIME_MAP, typeMessage: CAMPAIGN_MESSAGES.bannerType, what: 'Banners',
  });
  const { files } = await readMultipart(request, {
    maxFileBytes: CAMPAIGN_BANNER_MAX_BYTES,
    maxFiles: 1,
    tooLargeMessage: CAMPAIGN_MESSAGES.bannerTooLarge,
    destination: (field, fileName, mimeType) => {
      const target = toMedia(field, fileName, mimeType);
      mime = mimeType;
      return target;
    },
  });
  const file = files[0];
  if (!file) throw badRequest(CAMPAIGN_MESSAGES.bannerMissing);
  if (!store || file.bytes === 0 || !SIGNATURES[mime]?.(await headOf(store, file.key))) {
    await discardFiles(store, [file]);
    throw new HttpError(415, CAMPAIGN_MESSAGES.bannerType);
  }
  return basename(file.key);
}
