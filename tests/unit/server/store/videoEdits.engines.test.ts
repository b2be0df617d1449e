import { describe, expect, it } from 'vitest';
import { createVideoEditsRepository } from '../../../../src/server/repositories/videos/videoEditsRepository';
import { useBothEngines } from './support/bothEngines';
import { answersAlike, AT } from './support/brandVideoRows';
import { VIDEO_WRITE_ROWS } from './support/videoWriteRows';

const both = useBothEngines(`${VIDEO_WRITE_ROWS}
INSERT INTO campaigns (id, brand_id, state, campaign_headline, created_at, updated_at) VALUES ('k1', 'b1', 'active', 'Glow week', '${AT}', '${AT}');
INSERT INTO campaign_videos (campaign_id, video_id, submitted_at) VALUES ('k1', 'v5', '${AT}');`);
const at = '2026-11-26T12:00:00.000Z';
const label = { label: 'Gen Z', age_range: '18-24', ethnicity: null, gender: 'female' };

describe('the video edits repository answers alike on SQLite and PostgreSQL', () => {
  it('updates fields, renames or names creators (fan from a campaign page, else brand), sets the stage and keeps audience labels', async () => {
    const answer = await answersAlike(both.engines(), async (sql) => {
      const edits = createVideoEditsRepository(sql);
      await edits.update('v1', { title: 'New title', licensing_price: 12.5, sentiment_feedback_like: 1 }, at);
      await edits.update('v1', {}, at);
      await edits.renameCreator('v1', 'Maya Lind', at);
      await edits.renameCreator('v3', 'glow studio', at);
      await edits.renameCreator('v5', 'Rae', at);
      await edits.setStage('v2', 'processing', at);
      const id = await edits.addLabel('v1', 'b1', 'u1', label, at);
      const added = await edits.label(id, 'v1', 'b1');
      const updated = await edits.updateLabel(id, 'v1', 'b1', 'u1', { ...label, label: 'Students' }, at);
      const otherBrand = await edits.updateLabel(id, 'v1', 'b2', 'u1', label, at);
      const labels = (await edits.labels('v1', 'b1')).map(({ label: name, age_range, gender, updated_at }) => ({ name, age_range, gender, updated_at }));
      const deleted = [await edits.deleteLabel(id, 'v1', 'b1'), await edits.deleteLabel(id, 'v1', 'b1')];
      return {
        v1: await sql.get('SELECT title, licensing_price, sentiment_feedback_like, updated_at FROM videos WHERE id = ?', ['v1']),
        stage: await sql.get("SELECT analysis_stage FROM videos WHERE id = 'v2'"),
        creators: await sql.all(
          "SELECT v.id, c.name, c.creator_type, c.video_count FROM videos v JOIN creators c ON c.id = v.creator_id WHERE v.id IN ('v1', 'v3', 'v5') ORDER BY v.id",
        ),
        added: added && { label: added.label, video_id: added.video_id }, updated, otherBrand, labels, deleted, gone: await edits.label(id, 'v1', 'b1'),
      };
    });
    expect(answer.v1).toEqual({ title: 'New title', licensing_price: 12.5, sentiment_feedback_like: 1, updated_at: at });
    expect(answer.stage).toEqual({ analysis_stage: 'processing' });
    // v1's creator is renamed; v3 (no creator) joins the brand's "Glow Studio"; v5 came through a campaign page: a fan.
    expect(answer.creators).toEqual([
      { id: 'v1', name: 'Maya Lind', creator_type: 'fan', video_count: 2 },
      { id: 'v3', name: 'Glow Studio', creator_type: 'brand', video_count: 2 },
      { id: 'v5', name: 'Rae', creator_type: 'fan', video_count: 1 },
    ]);
    expect(answer.added).toEqual({ label: 'Gen Z', video_id: 'v1' });
    expect([answer.updated, answer.otherBrand]).toEqual([true, false]);
    expect(answer.labels).toEqual([{ name: 'Students', age_range: '18-24', gender: 'female', updated_at: at }]);
    expect(answer.deleted).toEqual([true, false]);
    expect(answer.gone).toBeNull();
  });
});
