import type { Migration } from './index';

/** The brand-safety labels earlier versions stored before any analysis ran: "safe" and "none" read as findings. */
export const OLD_UNANALYSED_SAFETY = '{"visual_content":"safe","foul_language":"none"}';

/**
 * The step's SQL with each engine's JSON: `withoutVisual` the column without its visual_content key, `visualSafe` the
 * test that the key holds "safe".
 */
export function unanalysedLabelsSql(json: { withoutVisual: string; visualSafe: string }): string {
  return `
UPDATE videos SET brand_safety = '{}' WHERE brand_safety = '${OLD_UNANALYSED_SAFETY}'
  AND NOT EXISTS (SELECT 1 FROM transcript_lines tl WHERE tl.video_id = videos.id);
UPDATE videos SET brand_safety = ${json.withoutVisual} WHERE id IN (SELECT video_id FROM video_sources) AND ${json.visualSafe};
`;
}

/**
 * Labels no analysis found are taken away (issue 40). Earlier versions gave every new video {safe, none}, and the
 * pipeline kept "safe" (there is no image engine) and wrote "none" over a transcript of no lines. A video with no
 * transcript line keeps no label at all; an added video (uploads and links, the ones with a video_sources row; the demo
 * seed's come labelled) keeps its foul language, heard in its subtitles, and loses the visual "safe" no engine gave.
 */
export const migration034UnanalysedLabels: Migration = {
  version: 34,
  name: 'unanalysed_labels',
  up: unanalysedLabelsSql({
    withoutVisual: "json_remove(brand_safety, '$.visual_content')",
    visualSafe: "json_valid(brand_safety) AND json_extract(brand_safety, '$.visual_content') = 'safe'",
  }),
};
