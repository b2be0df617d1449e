import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../../src/shared/ipc/settings.schemas';
import { createAtomicFile } from '../../../src/main/adapters/nodeAtomicFile';
import { systemClock } from '../../../src/main/services/ports';
import { createSecretsService } from '../../../src/main/services/secrets.service';
import { createSessionService } from '../../../src/main/services/session.service';
import { createSettingsService } from '../../../src/main/services/settings.service';
import { useTempDir } from './helpers';

const tempDir = useTempDir();

describe('logout (spec §4)', () => {
  it('clears stored ids, uploaded-video, tutorial and first-analysis markers and the tokens, and keeps layout and backend', async () => {
    const dir = tempDir();
    const settings = createSettingsService({ file: createAtomicFile(join(dir, 'settings.json')), clock: systemClock });
    // No keychain here: tokens in memory are the store under test (the keychain path is covered in secrets tests).
    const secrets = createSecretsService({ keychain: null, encrypted: null, allowInsecure: () => false });
    const session = createSessionService({ settings, secrets });

    await settings.update({
      layout: { skin: 'dark', rtl: true, menuCollapsed: true },
      backend: { mode: 'hosted', hostedUrl: 'https://api.example.com' },
      allowInsecureTokenStorage: true,
      markers: {
        bId: 'brand-1',
        uId: 'user-1',
        uploadedVideo: true,
        tutorials: { 'home-overview': true },
        tutorialScreen: 'first-video',
        firstAnalysis: 'video-7,pending',
      },
    });
    await secrets.set({ jwt: 'jwt-token', refreshToken: 'refresh-token' });

    const after = await session.logout();

    expect(after.markers).toEqual(DEFAULT_SETTINGS.markers);
    expect(after.layout).toEqual({ skin: 'dark', rtl: true, menuCollapsed: true });
    expect(after.backend).toEqual({ mode: 'hosted', hostedUrl: 'https://api.example.com' });
    expect(after.allowInsecureTokenStorage).toBe(true);
    expect(await secrets.get()).toBeNull();
    // What the next start reads from disk is the same signed-out state.
    const reread = await createSettingsService({ file: createAtomicFile(join(dir, 'settings.json')), clock: systemClock }).load();
    expect(reread).toEqual(after);
  });
});
