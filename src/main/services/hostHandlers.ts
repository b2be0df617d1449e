import type { IpcInput, IpcOutput } from '../../shared/ipc/contract';
import { UNSUPPORTED_UPDATES } from '../../shared/ipc/app.schemas';
import type { IpcHandlers } from '../../shared/ipc/handlers';
import { HostError } from '../../shared/ipc/handlers';
import type { BackendLauncher } from './backendLauncher.service';
import type { DesktopServices } from './desktopServices';
import type { SecretsService } from './secrets.service';
import type { SessionService } from './session.service';
import type { SessionRefresher } from './sessionRefresh.service';
import type { SettingsService } from './settings.service';
import type { UpdatesService } from './updates.service';
import type { FirstAnalysisPoll } from './firstAnalysisPoll.service';
import type { UploadsService } from './uploads.service';
import type { CsvExportService } from './csvExport.service';
import type { ReportExportService } from './reportExport/reportExport.service';
import type { ReportSchedules } from './reportExport/reportSchedules.service';
import type { AssistantModel } from './assistantModel/assistantModel.service';
import type { Integrations } from './integrations/integrations.service';
import type { LocalMailOutbox } from './localMailOutbox.service';

export interface HostHandlerDeps {
  app: IpcOutput<'app.info'>;
  backend: Pick<BackendLauncher, 'info' | 'reconfigure'>;
  settings: SettingsService;
  secrets: SecretsService;
  session: SessionService;
  /** The one refresh every window and the host's own clients share (issue 26 item 29). */
  sessionRefresh: SessionRefresher;
  desktop: DesktopServices;
  /** The background updater; null where the host has none (web host, development runs). */
  updates?: UpdatesService | null;
  /** Own-storage uploads and the first-analysis poll (issue 5). */
  uploads: UploadsService;
  firstAnalysis: FirstAnalysisPoll;
  /** Creators CSV export (issue 6). */
  csvExport: CsvExportService;
  /** Report PDF and CSV exports (issue 12). */
  reportExport: ReportExportService;
  reportSchedules: ReportSchedules;
  /** The assistant's optional model server (issue 13). */
  assistantModel: AssistantModel;
  /** Chat's badge and notification (issue 15). */
  chatAttention: (attention: IpcInput<'chat.attention'>) => void;
  /** Integrations' sign-in flows and their keychain entries (issue 17). */
  integrations: Integrations;
  /** Account mail the embedded back end kept unsent, live, in memory (issue 26). */
  localOutbox: Pick<LocalMailOutbox, 'list'>;
}

/**
 * One handler per IPC channel, built from the host services. Typed as IpcHandlers so a channel added to the
 * contract without a handler here fails to compile. Electron main and the web host both serve this table.
 */
export function createHostHandlers(deps: HostHandlerDeps): IpcHandlers {
  return {
    'app.info': () => deps.app,
    'backend.info': () => deps.backend.info(),
    // Only mail of the back end this host started: a hosted back end hands nothing over.
    'mail.localOutbox': () => (deps.backend.info().mode === 'embedded' ? deps.localOutbox.list() : []),
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
    'session.refresh': ({ refreshToken }) => deps.sessionRefresh.renew(refreshToken),
    'downloads.start': (input) => deps.desktop.downloads.start(input),
    'downloads.cancel': async ({ downloadId }) => {
      await deps.desktop.downloads.cancel(downloadId);
      return null;
    },
    'downloads.list': () => deps.desktop.downloads.list(),
    'dialog.pickDirectory': () => deps.desktop.pickDirectory(),
    'dialog.pickFiles': ({ kind }) => deps.desktop.pickFiles(kind),
    'transcripts.export': (input) => deps.desktop.exports.start({ videoIds: input.videoIds, directory: input.directory, fileType: input.fileType ?? 'pdf' }),
    'transcripts.cancelExport': async ({ exportId }) => {
      await deps.desktop.exports.cancel(exportId);
      return null;
    },
    'library.list': () => deps.desktop.library.list(),
    'library.transcript': ({ itemId }) => deps.desktop.library.transcript(itemId),
    'library.search': ({ query }) => deps.desktop.library.search(query),
    'library.remove': async ({ itemId, deleteFile }) => {
      await deps.desktop.library.remove(itemId, deleteFile ?? false);
      return null;
    },
    'shell.showItemInFolder': async ({ path }) => {
      await deps.desktop.showItemInFolder(path);
      return null;
    },
    'updates.status': () => deps.updates?.status() ?? UNSUPPORTED_UPDATES,
    'updates.restart': () => {
      if (!deps.updates) throw new HostError('unavailable', 'This app updates itself only in the installed desktop version.');
      deps.updates.restart();
      return null;
    },
    'uploads.start': (input) => deps.uploads.start(input),
    'creators.exportCsv': ({ query }) => deps.csvExport.exportCreators(query),
    'licensing.exportCsv': (identity) => deps.csvExport.exportLicensePurchases(identity),
    'reports.export': (input) => deps.reportExport.exportReport(input),
    'reports.schedule': (input) => deps.reportSchedules.schedule(input),
    'reports.schedules': () => deps.reportSchedules.list(),
    'assistant.model': () => deps.assistantModel.status(),
    'assistant.setModel': (input) => deps.assistantModel.setModel(input),
    'assistant.generate': (input) => deps.assistantModel.generate(input),
    'assistant.stop': ({ requestId }) => deps.assistantModel.stop(requestId),
    'integrations.begin': (target) => deps.integrations.begin(target),
    'integrations.complete': (flow) => deps.integrations.complete(flow),
    'integrations.cancel': (flow) => deps.integrations.cancel(flow),
    'integrations.disconnect': (target) => deps.integrations.disconnect(target),
    'auth.googleBegin': () => deps.integrations.googleBegin(),
    'auth.googleComplete': (flow) => deps.integrations.googleComplete(flow),
    'chat.attention': (attention) => {
      deps.chatAttention(attention);
      return null;
    },
    'uploads.cancel': ({ uploadId }) => {
      deps.uploads.cancel(uploadId);
      return null;
    },
    'uploads.list': () => deps.uploads.list(),
    'analysis.pollStatus': () => {
      deps.firstAnalysis.evaluate();
      return deps.firstAnalysis.state();
    },
  };
}
