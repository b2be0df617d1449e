import type { FastifyRequest } from 'fastify';
import { VIDEO_MIME_MAP } from '../../../../../shared/constants';
import { SUBMISSION_MESSAGES, SUBMISSION_VIDEO_FIELD, SubmissionFieldsSchema, type SubmissionFields } from '../../../../../shared/http/campaignSubmission.schemas';
import { UPLOAD_MESSAGES } from '../../../../../shared/http/uploads.schemas';
import { drainBody } from '../../../../http/drainBody';
import { HttpError, badRequest } from '../../../../http/httpError';
import type { MediaStore } from '../../../../media/mediaStore';
import { discardFiles, mediaDestination, readMultipart } from '../../uploads/multipartFields';

// Room for the multipart boundaries and the text fields around the one file part.
const ENVELOPE_BYTES = 256 * 1024;

/** A submission as received: its fields, and the stored file when the creator sent one (else `fields.url` is set). */
export interface ReceivedSubmission {
  fields: SubmissionFields;
  file: { key: string; fileName: string } | null;
}

function checkedFields(raw: Record<string, string>, wantsRating: boolean): SubmissionFields {
  const parsed = SubmissionFieldsSchema.safeParse(raw);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? SUBMISSION_MESSAGES.videoMissing);
  if (wantsRating && parsed.data.rating === undefined) throw badRequest(SUBMISSION_MESSAGES.ratingMissing);
  // A campaign that asks for no rating keeps none, whatever a hand-made form sends.
  return wantsRating ? parsed.data : { ...parsed.data, rating: undefined };
}

/**
 * Reads a submission (multipart: `name`, `email`, then a `video` file or a `url`). The app's own upload rules apply:
 * the video types of VIDEO_MIME_MAP by name and declared type (415) and the upload byte limit (413), checked from the
 * headers before any byte is stored and again while the file streams to the media store's `uploads/<videoId>.<ext>`;
 * the text fields, sent before the file, are checked before it is stored too. Whatever fails leaves no file behind.
 */
export async function receiveSubmission(request: FastifyRequest, store: MediaStore | null, maxBytes: number, videoId: string, wantsRating: boolean): Promise<ReceivedSubmission> {
  const declared = Number(request.headers['content-length'] ?? 0);
  if (declared > maxBytes + ENVELOPE_BYTES) {
    await drainBody(request.raw);
    throw new HttpError(413, UPLOAD_MESSAGES.tooLarge);
  }
  if (!request.isMultipart()) throw new HttpError(415, `Send the video as multipart/form-data: the file in field "${SUBMISSION_VIDEO_FIELD}", or a link in field "url".`);
  const toMedia = mediaDestination({
    store, folder: 'uploads', name: videoId, field: SUBMISSION_VIDEO_FIELD, mimeMap: VIDEO_MIME_MAP, typeMessage: UPLOAD_MESSAGES.notAVideo, what: 'Videos',
  });
  let early: SubmissionFields | null = null;
  const { fields, files } = await readMultipart(request, {
    maxFileBytes: maxBytes,
    maxFiles: 1,
    tooLargeMessage: UPLOAD_MESSAGES.tooLarge,
    destination: toMedia,
    beforeFile: (received) => {
      // The name, email and rating come first: a submission that cannot be accepted stores nothing.
      early = checkedFields(received, wantsRating);
      if (early.url !== undefined) throw badRequest(SUBMISSION_MESSAGES.both);
    },
  });
  const file = files[0];
  const discard = async () => {
    if (file) await discardFiles(store, [file]);
  };
  try {
    const checked = early ?? checkedFields(fields, wantsRating);
    if (file && file.bytes === 0) throw badRequest(SUBMISSION_MESSAGES.videoMissing);
    if (!file && checked.url === undefined) throw badRequest(SUBMISSION_MESSAGES.videoMissing);
    return { fields: checked, file: file ? { key: file.key, fileName: file.fileName } : null };
  } catch (error) {
    await discard();
    throw error;
  }
}
