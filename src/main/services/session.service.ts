import type { Settings } from '../../shared/ipc/settings.schemas';
import type { SecretsService } from './secrets.service';
import type { SettingsService } from './settings.service';

export interface SessionService {
  /**
   * Signs out on this machine: clears the stored ids (bId, uId), the uploaded-video, tutorial, tutorial-screen and
   * first-analysis markers (spec §4) and the tokens from every store; layout preferences stay. Answers the settings.
   */
  logout(): Promise<Settings>;
}

/** Logout as spec §4 lists it; the renderer resets its own in-memory state. */
export function createSessionService(deps: { settings: SettingsService; secrets: SecretsService }): SessionService {
  return {
    async logout() {
      // Markers first: even if the keychain refuses the delete, the next person does not inherit brand or tutorials.
      const settings = await deps.settings.update({
        markers: { bId: null, uId: null, uploadedVideo: false, tutorials: {}, tutorialScreen: null, firstAnalysis: null },
      });
      await deps.secrets.clear();
      return settings;
    },
  };
}
