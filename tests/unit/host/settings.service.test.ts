import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/shared/ipc/settings.schemas';
import type { Settings } from '../../../src/shared/ipc/settings.schemas';
import { createAtomicFile } from '../../../src/main/adapters/nodeAtomicFile';
import { createSettingsService } from '../../../src/main/services/settings.service';
import { systemClock } from '../../../src/main/services/ports';
import { useTempDir } from './helpers';

const tempDir = useTempDir();

function serviceIn(dir: string) {
  return createSettingsService({ file: createAtomicFile(join(dir, 'settings.json')), clock: systemClock });
}

describe('settings service (real files)', () => {
  it('answers the defaults when no settings file exists yet', async () => {
    const dir = tempDir();
    expect(await serviceIn(dir).load()).toEqual(DEFAULT_SETTINGS);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('merges a patch per group, keeps the rest, and the next start reads it back', async () => {
    const dir = tempDir();
    const settings = serviceIn(dir);
    await settings.load();
    const seen: Settings[] = [];
    settings.onChange((next) => seen.push(next));
    await settings.update({ layout: { skin: 'dark' }, markers: { bId: 'brand-1' } });
    const next = await settings.update({ markers: { uId: 'user-9' } });
    expect(next.layout).toEqual({ skin: 'dark', rtl: false, menuCollapsed: false });
    expect(next.markers.bId).toBe('brand-1');
    expect(next.markers.uId).toBe('user-9');
    expect(seen.map((s) => s.markers.uId)).toEqual([null, 'user-9']);
    expect(await serviceIn(dir).load()).toEqual(next);
  });

  it('keeps the chat outbox and last-seen list across a restart, and reads an older file without them as empty', async () => {
    const dir = tempDir();
    const settings = serviceIn(dir);
    await settings.load();
    const entry = { id: 'm-1', channel: 'rs-abc', text: 'Written offline — نص', at: '2026-11-25T10:00:00.000Z', from: 'user-u1' };
    await settings.update({ chat: { outbox: [entry] } });
    await settings.update({ chat: { lastSeen: [{ pubnub_id: 'rs-abc', timetoken: '17956139284850000' }] } });
    const reread = await serviceIn(dir).load();
    expect(reread.chat).toEqual({ outbox: [entry], lastSeen: [{ pubnub_id: 'rs-abc', timetoken: '17956139284850000' }], pubnub: null });
    const older = { ...reread } as Partial<Settings>;
    delete older.chat;
    writeFileSync(join(dir, 'settings.json'), JSON.stringify(older));
    expect((await serviceIn(dir).load()).chat).toEqual({ outbox: [], lastSeen: [], pubnub: null });
  });

  it('moves a corrupted file aside, uses defaults and says where the old file went', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), '{"version": 1, "layout": ');
    const settings = serviceIn(dir);
    expect(await settings.load()).toEqual(DEFAULT_SETTINGS);
    const aside = readdirSync(dir).filter((name) => name.startsWith('settings.corrupt-'));
    expect(aside).toHaveLength(1);
    expect(aside[0]).toMatch(/^settings\.corrupt-.+\.json$/);
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe('{"version": 1, "layout": ');
    expect(settings.lastRecovery?.movedTo).toBe(join(dir, aside[0]!));
    expect(settings.lastRecovery?.reason).toMatch(/not valid JSON/);
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toEqual(DEFAULT_SETTINGS);
  });

  it('starts on defaults when settings.json is a folder, moves it aside and saves the next change', async () => {
    const dir = tempDir();
    mkdirSync(join(dir, 'settings.json'));
    writeFileSync(join(dir, 'settings.json', 'kept.txt'), 'something of the person');
    const settings = serviceIn(dir);
    expect(await settings.load()).toEqual(DEFAULT_SETTINGS);
    expect(settings.lastRecovery?.reason).toMatch(/could not be read \(EISDIR/);
    const aside = settings.lastRecovery?.movedTo ?? '';
    expect(readFileSync(join(aside, 'kept.txt'), 'utf8')).toBe('something of the person');
    await settings.update({ layout: { skin: 'dark' } });
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')).layout.skin).toBe('dark');
  });

  it('treats JSON of the wrong shape the same way', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'settings.json'), JSON.stringify({ ...DEFAULT_SETTINGS, layout: { skin: 'purple' } }));
    const settings = serviceIn(dir);
    expect(await settings.load()).toEqual(DEFAULT_SETTINGS);
    expect(settings.lastRecovery?.reason).toMatch(/layout/);
    expect(readdirSync(dir).some((name) => name.startsWith('settings.corrupt-'))).toBe(true);
  });

  it('leaves no temporary files behind after many quick updates', async () => {
    const dir = tempDir();
    const settings = serviceIn(dir);
    await settings.load();
    await Promise.all(Array.from({ length: 20 }, (_, i) => settings.update({ markers: { bId: `brand-${i}` } })));
    expect(readdirSync(dir)).toEqual(['settings.json']);
    const stored = JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as Settings;
    expect(stored.markers.bId).toBe(settings.get().markers.bId);
  });

  it('refuses a patch that would store an invalid value and keeps the file unchanged', async () => {
    const dir = tempDir();
    const settings = serviceIn(dir);
    await settings.update({ markers: { bId: 'kept' } });
    await expect(settings.update({ markers: { firstAnalysis: 'no-status' } })).rejects.toThrow();
    expect((JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8')) as Settings).markers.bId).toBe('kept');
  });
});
