// SQLite only (not in bothEngineTests.ts): it tests the embedded demo seed itself, which writes the SQLite file (a team server gets it moved: postgres/moveToPostgres.test.ts).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWN_STORAGE_PLATFORM } from '../../shared/constants';
import { seedDemoWorkspace, type SeedSummary } from './index';
import { demoMediaFiles, resolveMediaSourceDir } from './media';
import { DEMO_MEDIA_FILES } from './platformUrls';
import { openTempWorkspace, type TempWorkspace } from './testDb';

interface Probe {
  streams: { codec_type: string }[];
  format: { duration: string };
}

function probe(file: string): Probe {
  const out = execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=codec_type', '-of', 'json', file], { encoding: 'utf8' });
  return JSON.parse(out) as Probe;
}

describe('demo media and scaling', () => {
  let ws: TempWorkspace;
  let small: SeedSummary;

  beforeAll(async () => {
    ws = openTempWorkspace();
    small = await seedDemoWorkspace(ws.db, { mediaDir: ws.mediaDir, scale: 0.1 });
  });
  afterAll(() => ws.dispose());

  it('finds the bundled media folder from the repository', () => {
    expect(existsSync(join(resolveMediaSourceDir(), DEMO_MEDIA_FILES[0]))).toBe(true);
    expect(() => resolveMediaSourceDir('/nonexistent/media')).not.toThrow();
  });

  it('copies real, playable video files into the media folder', () => {
    for (const relative of demoMediaFiles()) expect(existsSync(join(ws.mediaDir, relative)), relative).toBe(true);
    for (const file of DEMO_MEDIA_FILES) {
      const result = probe(join(ws.mediaDir, file));
      expect(result.streams.map((stream) => stream.codec_type)).toEqual(expect.arrayContaining(['video', 'audio']));
      expect(Number(result.format.duration)).toBeGreaterThan(1);
    }
  });

  it('points own-storage and Google Drive videos at copied files', () => {
    const rows = ws.db.prepare(`SELECT platform, media_file FROM videos WHERE platform IN (?, 'GoogleDrive')`).all(OWN_STORAGE_PLATFORM) as { platform: string; media_file: string | null }[];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.media_file && existsSync(join(ws.mediaDir, row.media_file))).toBe(true);
    expect(ws.db.prepare(`SELECT COUNT(*) FROM videos WHERE platform NOT IN (?, 'GoogleDrive') AND media_file IS NOT NULL`).pluck().get(OWN_STORAGE_PLATFORM)).toBe(0);
  });

  it('gives every video with local media a file as long as its transcript, so every timestamp plays', async () => {
    // The full demo seed, not the scaled one: a person meets these.
    const full = openTempWorkspace();
    try {
      await seedDemoWorkspace(full.db, { mediaDir: full.mediaDir });
      const durations = new Map(DEMO_MEDIA_FILES.map((file) => [file, Number(probe(join(full.mediaDir, file)).format.duration)]));
      const rows = full.db
        .prepare('SELECT v.id, v.media_file AS file, MAX(t.start_time) AS lastLine FROM videos v JOIN transcript_lines t ON t.video_id = v.id WHERE v.media_file IS NOT NULL GROUP BY v.id')
        .all() as { id: string; file: (typeof DEMO_MEDIA_FILES)[number]; lastLine: number }[];
      expect(rows.length).toBeGreaterThan(100);
      // The last line is heard for a few seconds after it starts.
      const tooShort = rows.filter((row) => (durations.get(row.file) ?? 0) < row.lastLine + 10).map((row) => `${row.id}: ${row.lastLine} s in ${row.file}`);
      expect(tooShort).toEqual([]);
    } finally {
      full.dispose();
    }
  });

  it('seeds proportionally fewer rows at scale 0.1', () => {
    expect(small.videos).toBe(60);
    expect(small.creators).toBeLessThan(40);
    expect(small.creators).toBeGreaterThanOrEqual(8);
    expect(small.products).toBe(64);
    expect(small.transcript_lines).toBeGreaterThanOrEqual(60 * 40);
  });
});
