import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_BASE_BYTES, publishFile, safeFileBase, truncateUtf8 } from '../../../src/main/services/fileNames';
import { extensionForMime } from '../../../src/main/services/downloads.service';
import { useTempDir } from './helpers';

const tempDir = useTempDir('reelscope-names-');

describe('file names made from titles', () => {
  it('removes separators, Windows-reserved characters and control characters, and keeps device names harmless', () => {
    expect(safeFileBase('../../CON<>:"|?*')).toBe('_.._CON_______');
    expect(safeFileBase('CON')).toBe('CON_');
    expect(safeFileBase('lpt1.txt')).toBe('lpt1.txt_');
    expect(safeFileBase('nul ')).toBe('nul_');
    expect(safeFileBase('a\u0000b\u001fc\u007fd\ne')).toBe('a_b_c_d_e');
    expect(safeFileBase('  .hidden title. . ')).toBe('hidden title');
    expect(safeFileBase('...')).toBe('video');
    expect(safeFileBase('???')).toBe('video');
    expect(safeFileBase('Обзор 新しい セラム')).toBe('Обзор 新しい セラム');
  });

  it('cuts long titles to MAX_BASE_BYTES of UTF-8 without splitting a character', () => {
    const long = '美'.repeat(200) + '😀'.repeat(10);
    const base = safeFileBase(long);
    expect(Buffer.byteLength(base)).toBeLessThanOrEqual(MAX_BASE_BYTES);
    expect(base).toBe('美'.repeat(66));
    expect(truncateUtf8('a😀b', 4)).toBe('a');
    expect(truncateUtf8('a😀b', 5)).toBe('a😀');
  });

  it('never overwrites: a second file becomes "name (2).ext"', async () => {
    const dir = tempDir();
    writeFileSync(join(dir, 'clip.mp4'), 'first');
    writeFileSync(join(dir, 'tmp1'), 'second');
    expect(await publishFile(join(dir, 'tmp1'), dir, 'clip', 'mp4')).toBe(join(dir, 'clip (2).mp4'));
    writeFileSync(join(dir, 'tmp2'), 'third');
    expect(await publishFile(join(dir, 'tmp2'), dir, 'clip', 'mp4')).toBe(join(dir, 'clip (3).mp4'));
    expect(readdirSync(dir).sort()).toEqual(['clip (2).mp4', 'clip (3).mp4', 'clip.mp4']);
  });

  it('takes the extension from the response MIME type through VIDEO_MIME_MAP', () => {
    expect(extensionForMime('video/mp4', 'http://x/a')).toBe('mp4');
    expect(extensionForMime('video/webm', 'http://x/a')).toBe('webm');
    expect(extensionForMime('video/ogg', 'http://x/a')).toBe('ogg');
    expect(extensionForMime('application/octet-stream', 'http://x/media/signed/a.webm?exp=1')).toBe('webm');
  });
});
