/**
 * The public submission page of a campaign (issue 26 item 12): `GET /campaigns/{id}/submit` (HTML, no login) is what
 * the QR code and the submission link open; `POST /campaigns/{id}/submissions` (multipart) takes a creator's video —
 * a file in field `video`, or a link in field `url` — with their name and email.
 */
import { z } from 'zod';
import { isValidEmail } from '../rules/validation';

export const SUBMISSION_VIDEO_FIELD = 'video';
/** Submissions one client address may send per window (every attempt counts, refused ones too). */
export const SUBMISSIONS_PER_WINDOW = 10;
export const SUBMISSION_WINDOW_MS = 10 * 60_000;

export const SUBMISSION_MESSAGES = {
  unknown: 'No campaign has this link. Check the link or QR code with the brand that sent it.',
  deleted: 'This campaign was deleted by the brand and no longer takes videos.',
  draft: 'This campaign is not published yet. Try the link again once the brand has published it.',
  ended: 'This campaign has ended and no longer takes videos.',
  notStarted: 'This campaign has not started yet. Come back once it opens.',
  full: 'This campaign already has all the videos it asked for.',
  tooMany: 'Too many videos were sent from this address. Wait a few minutes, then try again.',
  nameMissing: 'Write your name, so the brand knows whose video this is.',
  emailInvalid: 'Write an email address the brand can reach you at, e.g. name@example.com.',
  videoMissing: 'Choose a video file or paste a link to your video.',
  both: 'Send either a file or a link, not both.',
  ratingMissing: 'Rate the product from 1 to 5 stars.',
} as const;

/** The stars a creator gives the product when the campaign asks for a rating (`campaign_allow_rating`). */
export const SUBMISSION_RATINGS = [1, 2, 3, 4, 5] as const;

/** The text fields of a submission; the file, when there is one, comes as its own part. */
export const SubmissionFieldsSchema = z.object({
  name: z.string().trim().min(1, SUBMISSION_MESSAGES.nameMissing).max(120, 'At most 120 characters.'),
  email: z.string().trim().max(254, 'At most 254 characters.').refine(isValidEmail, SUBMISSION_MESSAGES.emailInvalid),
  url: z.string().trim().max(2048, 'At most 2,048 characters.').optional().transform((value) => (value === '' ? undefined : value)),
  /** 1–5 as the form sends it; whether one is needed is the campaign's to say (checked with it). */
  rating: z.string().trim().optional()
    .refine((value) => value === undefined || value === '' || /^[1-5]$/.test(value), SUBMISSION_MESSAGES.ratingMissing)
    .transform((value) => (value === undefined || value === '' ? undefined : Number(value))),
});
export type SubmissionFields = z.infer<typeof SubmissionFieldsSchema>;

export const SubmissionParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const SubmissionResponseSchema = z.object({
  video_id: z.string(),
  /** What the creator reads once it is sent. */
  message: z.string(),
});
export type SubmissionResponse = z.infer<typeof SubmissionResponseSchema>;
