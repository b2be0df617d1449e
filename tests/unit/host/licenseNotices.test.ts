import { describe, expect, it } from 'vitest';
import { createLicenseNotices, LICENSE_NOTICE_TITLE } from '../../../src/main/services/licensing/licenseNotices.service';
import { systemScheduler } from '../../../src/main/services/scheduler';
import { injectClient, useSeededBackend } from './seededBackend';

const seeded = useSeededBackend('reelscope-license-notices-');
const DAY = 86_400_000;
/** The workspace's clock (openVideoWorkspace): the back end decides "ending soon" by it. */
const NOW = Date.parse('2026-11-22T10:00:00.000Z');

describe('license expiry notices', () => {
  it('says once per license, across restarts, when an active license enters its last 14 days', async () => {
    const { w, dir } = seeded;
    const active = w.db.prepare(`SELECT a.id, v.title FROM license_agreements a JOIN videos v ON v.id = a.video_id WHERE a.brand_id = ? AND a.status = 'paid' ORDER BY a.id`).all(w.brandId) as { id: string; title: string }[];
    expect(active.length).toBeGreaterThan(1);
    const setEnd = w.db.prepare('UPDATE license_purchases SET expires_at = ? WHERE agreement_id = ?');
    for (const license of active) setEnd.run(new Date(NOW + 90 * DAY).toISOString(), license.id);
    setEnd.run(new Date(NOW + 10 * DAY).toISOString(), active[0]!.id);

    const shown: { title: string; body: string }[] = [];
    let up = true;
    const notices = () => createLicenseNotices({
      client: injectClient(w, () => up), notifier: { notify: (title, body) => shown.push({ title, body }) }, stateDir: dir, brandId: () => w.brandId, scheduler: systemScheduler,
    });
    const first = notices();
    await first.check();
    expect(shown).toEqual([{ title: LICENSE_NOTICE_TITLE, body: expect.stringContaining(`“${active[0]!.title}” may be used until Dec 2, 2026`) }]);
    await first.check();
    // A restart reads what was already said.
    await notices().check();
    expect(shown).toHaveLength(1);

    setEnd.run(new Date(NOW + 3 * DAY).toISOString(), active[1]!.id);
    up = false;
    await notices().check();
    expect(shown).toHaveLength(1);
    up = true;
    await notices().check();
    expect(shown.map((notice) => notice.body)).toEqual([expect.stringContaining(active[0]!.title), expect.stringContaining(active[1]!.title)]);
  });
});
