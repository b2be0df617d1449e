import type { IpcOutput } from '../../shared/ipc/contract';
import type { IpcHandlers } from '../../shared/ipc/handlers';
import type { BackendLauncher } from './backendLauncher.service';
import type { SecretsService } from './secrets.service';
import type { SessionService } from './session.service';
import type { SettingsService } from './settings.service';

export interface HostHandlerDeps {
  app: IpcOutput<'app.info'>;
  backend: Pick<BackendLauncher, 'info' | 'reconfigure'>;
  settings: SettingsService;
  secrets: SecretsService;
  session: SessionService;
}

/**
 * One handler per IPC channel, built from the host services. Typed as IpcHandlers so a channel added to the
 * contract without a handler here fails to compile. Electron main and the web host both serve this table.
 */
export function createHostHandlers(deps: HostHandlerDeps): IpcHandlers {
  return {
    'app.info': () => deps.app,
    'backend.info': () => deps.backend.info(),
    'settings.get': async () => {
      await deps.settings.load();
      return deps.settings.get();
    },
    'settings.update': async (patch) => {
      const next = await deps.settings.update(patch);
      // Switching between the built-in and a hosted back end takes effect at once.
      if (patch.backend) await deps.backend.reconfigure();
      return next;
    },
    'secrets.status': () => deps.secrets.status(),
    'secrets.getToken': () => deps.secrets.get(),
    'secrets.setToken': (tokens) => deps.secrets.set(tokens),
    'secrets.clear': async () => {
      await deps.secrets.clear();
      return null;
    },
    'session.logout': () => deps.session.logout(),
  };
}
