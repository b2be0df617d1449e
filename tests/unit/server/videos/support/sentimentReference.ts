/**
 * Whether a video (`videos v`) has a sentiment, in SQL written apart from the app's: a video's sentiment is its
 * transcript's, so one without a transcript line (not analysed yet) has none, and its stored 0 % is no measurement.
 * Every sentiment figure is a mean over these videos only.
 */
export const HAS_SENTIMENT = 'EXISTS (SELECT 1 FROM transcript_lines tl WHERE tl.video_id = v.id)';
