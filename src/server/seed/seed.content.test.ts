// SQLite only (not in bothEngineTests.ts): it tests the embedded demo seed itself, which writes the SQLite file (a team server gets it moved: postgres/moveToPostgres.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLATFORMS, REPORT_REASONS, ROLE_VIP_INFLUENCER } from '../../shared/constants';
import { DEMO_ACCOUNTS, DEMO_BRANDS } from '../../shared/demoAccounts';
import { BrandSafetySchema, DemographicsSchema, TopicSchema } from '../../shared/domain/video';
import { CAMPAIGN_STATES, REPORT_TYPES } from '../../shared/domain/workspace';
import { seedDemoWorkspace, type SeedSummary } from './index';
import { openTempWorkspace, type TempWorkspace } from './testDb';

describe('the demo workspace at scale 1', () => {
  let ws: TempWorkspace;
  let summary: SeedSummary;
  const one = <T>(sql: string, ...params: unknown[]): T => ws.db.prepare(sql).pluck().get(...params) as T;
  const column = <T>(sql: string, ...params: unknown[]): T[] => ws.db.prepare(sql).pluck().all(...params) as T[];

  beforeAll(async () => {
    ws = openTempWorkspace();
    summary = await seedDemoWorkspace(ws.db, { mediaDir: ws.mediaDir });
  });
  afterAll(() => ws.dispose());

  it('creates the demo accounts with their brands and competitors', () => {
    const manager = one<string>('SELECT id FROM users WHERE email = ?', DEMO_ACCOUNTS.brandManager.email);
    const own = column<string>('SELECT b.name FROM brands b JOIN brand_members m ON m.brand_id = b.id WHERE m.user_id = ? ORDER BY b.name', manager);
    expect(own).toEqual([...DEMO_BRANDS].sort());
    for (const name of DEMO_BRANDS) {
      expect(one<number>('SELECT COUNT(*) FROM brands WHERE competitor_of = (SELECT id FROM brands WHERE name = ?)', name)).toBe(3);
    }
    expect(JSON.parse(one<string>('SELECT roles FROM users WHERE email = ?', DEMO_ACCOUNTS.vipInfluencer.email))).toEqual([ROLE_VIP_INFLUENCER]);
    expect(one<number>('SELECT registration_completed FROM users WHERE email = ?', DEMO_ACCOUNTS.pendingRegistration.email)).toBe(0);
    expect(one<number>('SELECT COUNT(*) FROM brand_members m JOIN users u ON u.id = m.user_id WHERE u.email = ?', DEMO_ACCOUNTS.pendingRegistration.email)).toBe(1);
  });

  it('has at least 600 videos on every platform, owned by both brands and their competitors', () => {
    expect(summary.videos).toBeGreaterThanOrEqual(600);
    expect(column<string>('SELECT DISTINCT platform FROM videos ORDER BY platform')).toEqual([...PLATFORMS].sort());
    expect(one<number>('SELECT COUNT(DISTINCT brand_id) FROM videos')).toBe(8);
    expect(one<number>("SELECT COUNT(*) FROM videos WHERE analysis_stage = 'completed'")).toBeGreaterThan(summary.videos! * 0.9);
    expect(one<number>('SELECT COUNT(DISTINCT language) FROM videos')).toBeGreaterThanOrEqual(7);
  });

  it('gives every analysed video at least 40 timed lines whose sentiment follows the video score', () => {
    expect(one<number>("SELECT MIN(n) FROM (SELECT COUNT(l.id) AS n FROM videos v LEFT JOIN transcript_lines l ON l.video_id = v.id WHERE v.analysis_stage = 'completed' GROUP BY v.id)")).toBeGreaterThanOrEqual(40);
    expect(one<number>('SELECT COUNT(*) FROM transcript_lines a JOIN transcript_lines b ON b.video_id = a.video_id AND b.line_no = a.line_no + 1 WHERE b.start_time <= a.start_time')).toBe(0);
    const share = (where: string, sentiment: string): number =>
      one<number>(`SELECT AVG(l.sentiment = ?) FROM transcript_lines l JOIN videos v ON v.id = l.video_id WHERE ${where}`, sentiment);
    expect(share('v.sentiment_positive > 0.7', 'positive')).toBeGreaterThan(share('v.sentiment_positive < 0.3', 'positive'));
    expect(share('v.sentiment_negative > 0.4', 'negative')).toBeGreaterThan(share('v.sentiment_negative < 0.1', 'negative'));
  });

  it('says every transcript line once in the whole workspace, as varied speech in each language', () => {
    expect(one<number>('SELECT COUNT(DISTINCT content) FROM transcript_lines')).toBe(summary.transcript_lines);
    // Common words hit a share of lines like real review speech does, not every line and not none.
    const share = (word: string): number => one<number>('SELECT AVG(content LIKE ?) FROM transcript_lines', `%${word}%`);
    expect(share(' the ')).toBeGreaterThan(0.2);
    expect(share('honestly')).toBeGreaterThan(0.01);
    expect(share('honestly')).toBeLessThan(0.15);
    // Each language's lines come from its own speech: no English openers inside a Japanese line.
    const japanese = column<string>("SELECT l.content FROM transcript_lines l JOIN videos v ON v.id = l.video_id WHERE v.language = 'ja'");
    expect(japanese.length).toBeGreaterThan(40);
    expect(japanese.filter((line) => /\b(So|Honestly|Anyway)\b/.test(line))).toEqual([]);
  });

  it('fills the analysis JSON columns of analysed videos in the shared shapes', () => {
    const rows = ws.db.prepare("SELECT demographics, brand_safety, topics FROM videos WHERE analysis_stage = 'completed' ORDER BY id LIMIT 50").all() as Record<string, string>[];
    for (const row of rows) {
      DemographicsSchema.parse(JSON.parse(row.demographics ?? ''));
      BrandSafetySchema.parse(JSON.parse(row.brand_safety ?? ''));
      TopicSchema.array().min(1).parse(JSON.parse(row.topics ?? ''));
    }
  });

  it('has at least 150 creators with a full year of daily tracking each', () => {
    expect(summary.creators).toBeGreaterThanOrEqual(150);
    expect(column<number>('SELECT DISTINCT n FROM (SELECT COUNT(t.date) AS n FROM creators c LEFT JOIN creator_daily_trackings t ON t.creator_id = c.id GROUP BY c.id)')).toEqual([365]);
    expect(one<number>('SELECT COUNT(*) FROM creators WHERE user_id IS NOT NULL')).toBe(1);
  });

  it('has at least 60 products with pictures and categories', () => {
    expect(summary.products).toBeGreaterThanOrEqual(60);
    expect(one<number>("SELECT COUNT(*) FROM products WHERE json_array_length(pictures) = 0")).toBe(0);
    expect(one<number>('SELECT COUNT(*) FROM products WHERE category NOT IN (SELECT name FROM product_categories)')).toBe(0);
    expect(one<number>('SELECT COUNT(DISTINCT product_id) FROM video_products')).toBeGreaterThan(50);
  });

  it('keeps notes, favorites, flags with reasons and trash on videos and products', () => {
    expect(column<string>("SELECT DISTINCT mark || ':' || kind FROM marks ORDER BY 1")).toEqual(
      expect.arrayContaining(['flag:video', 'trash:product', 'trash:video']),
    );
    expect(column<string>('SELECT DISTINCT kind FROM favorites ORDER BY 1')).toEqual(['product', 'video']);
    for (const reason of column<string>("SELECT reason FROM marks WHERE mark = 'flag'")) expect(REPORT_REASONS).toContain(reason);
    expect(column<string>('SELECT DISTINCT kind FROM notes ORDER BY kind')).toEqual(['influencer', 'product', 'video']);
  });

  it('starts the activity empty: the seeded rows are the starting point, not changes a teammate made', () => {
    expect(column<number>('SELECT COUNT(*) FROM brand_changes')).toEqual([0]);
  });

  it('has campaigns in every state, reports of every type, licensing history, widgets, playlists and chat', () => {
    expect(column<string>('SELECT DISTINCT state FROM campaigns ORDER BY state')).toEqual([...CAMPAIGN_STATES].sort());
    expect(column<string>('SELECT DISTINCT type FROM reports ORDER BY type')).toEqual([...REPORT_TYPES].sort());
    expect(one<number>("SELECT MIN(json_array_length(history)) FROM license_agreements")).toBeGreaterThanOrEqual(1);
    expect(summary.license_purchases).toBeGreaterThan(0);
    expect(summary.widget_videos).toBeGreaterThan(0);
    expect(summary.playlist_videos).toBeGreaterThan(0);
    expect(summary.mail_campaigns).toBeGreaterThan(0);
    expect(one<number>('SELECT COUNT(*) FROM chat_channels c WHERE NOT EXISTS (SELECT 1 FROM chat_messages m WHERE m.channel_id = c.id)')).toBe(0);
  });

  it('finds a product name and non-Latin words case-insensitively by substring', () => {
    const search = (term: string): { content: string; title: string }[] =>
      ws.db
        .prepare(`SELECT l.content, v.title FROM transcript_fts JOIN transcript_lines l ON l.id = transcript_fts.rowid JOIN videos v ON v.id = l.video_id WHERE transcript_fts MATCH ?`)
        .all(`"${term.replace(/"/g, '""')}"`) as { content: string; title: string }[];
    const glow = search('lumina GLOW ser');
    expect(glow.length).toBeGreaterThan(0);
    for (const hit of glow) expect(hit.content.toLowerCase()).toContain('lumina glow ser');
    for (const word of ['素晴らしい', 'उत्पाद', 'رائع', 'begeistert']) {
      const hits = search(word);
      expect(hits.length, word).toBeGreaterThan(0);
      for (const hit of hits) expect(hit.content).toContain(word);
    }
    expect(search('zzqxv')).toEqual([]);
  });

  it('writes the search snapshot in one run of pages, so a start reads it without mapping scattered pages', () => {
    // The table's root page aside, the saved columns' pages follow each other: written into the holes other writes
    // left, they lay scattered, and each one read through the memory map brought its neighbours into the process.
    const pages = column<number>("SELECT pageno FROM dbstat WHERE name = 'search_snapshots' ORDER BY pageno").slice(1);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)! - pages[0]! + 1).toBe(pages.length);
  });

  it('keeps the transcript index in sync after seeding', () => {
    const videoId = one<string>('SELECT id FROM videos ORDER BY id LIMIT 1');
    ws.db.prepare("INSERT INTO transcript_lines (video_id, line_no, start_time, content, sentiment) VALUES (?, 999, 999, 'Ein völlig neues Qwertzwort', 'neutral')").run(videoId);
    expect(column<string>("SELECT l.video_id FROM transcript_fts JOIN transcript_lines l ON l.id = transcript_fts.rowid WHERE transcript_fts MATCH '\"QWERTZWORT\"'")).toEqual([videoId]);
    ws.db.prepare('DELETE FROM transcript_lines WHERE video_id = ? AND line_no = 999').run(videoId);
    expect(one<number>("SELECT COUNT(*) FROM transcript_fts WHERE transcript_fts MATCH '\"qwertzwort\"'")).toBe(0);
  });
});
