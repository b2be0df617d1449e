import type { IpcOutput } from '../../shared/ipc/contract';
import type { IpcHandlers } from '../../shared/ipc/handlers';
import type { BackendLauncher } from './backendLauncher.service';
import { createBackendLauncher } from './backendLauncher.service';
import type { DesktopPorts } from './desktopPorts';
import type { DesktopServices } from './desktopServices';
import { createDesktopServices } from './desktopServices';
import type { HostEvents } from './hostEvents';
import { createHostEvents } from './hostEvents';
import { createHostHandlers } from './hostHandlers';
import { createBackendClient } from './backendClient';
import { createCsvExportService, webExportDir } from './csvExport.service';
import { createReportExportService } from './reportExport/reportExport.service';
import { createReportSchedules, type ReportSchedules } from './reportExport/reportSchedules.service';
import { systemScheduler } from './scheduler';
import { createAssistantModel } from './assistantModel/assistantModel.service';
import { backendTools } from './assistantModel/backendTools';
import { createLicenseNotices, type LicenseNotices } from './licensing/licenseNotices.service';
import type { IngestServices } from './ingestServices';
import { createIngestServices } from './ingestServices';
import type { Scheduler } from './scheduler';
import type { AtomicFile, BadgePort, Clock, EncryptedFileStore, Notifier, ProcessSpawner, SecretStore } from './ports';
import type { SecretsService } from './secrets.service';
import { createSecretsService } from './secrets.service';
import { createSessionService } from './session.service';
import { createSessionRefresher } from './sessionRefresh.service';
import type { SettingsService } from './settings.service';
import { createSettingsService } from './settings.service';
import type { UpdaterPort, UpdatesService } from './updates.service';
import { createUpdatesService, systemIntervalTimer } from './updates.service';
import { createIntegrations } from './integrations/integrations.service';
import { createLocalMailOutbox } from './localMailOutbox.service';

/** Everything a host (Electron main or the web host) provides; the rest is the same code for both. */
export interface HostPorts {
  app: IpcOutput<'app.info'>;
  settingsFile: AtomicFile;
  keychain: SecretStore | null;
  encrypted: { store: EncryptedFileStore; file: AtomicFile } | null;
  spawner: ProcessSpawner;
  notifier: Notifier;
  /** The dock/taskbar count (Electron only). */
  badge?: BadgePort | null;
  clock: Clock;
  backend: { entry: string; dataDir: string; env?: Record<string, string>; forcedUrl?: string | null };
  log: (message: string) => void;
  /** Downloads, transcript export and the offline library (issue 4). */
  desktop: DesktopPorts;
  /** Folder of the transcript PDF fonts (packaged Electron: resources/fonts); found from the repository when omitted. */
  fontsDir?: string;
  /** The update machinery (packaged Electron only); without it updates.status answers unsupported. */
  updater?: UpdaterPort | null;
  /** Issue 5: how uploads get their bytes ('path' in Electron main, 'stream' in the web host) and the poll's timers
   *  (real time when omitted; the web host's test-only REELSCOPE_TEST_CLOCK_SPEED passes a sped-up one). */
  ingest?: { uploadSource: 'path' | 'stream'; scheduler?: Scheduler };
}

export interface HostServices {
  settings: SettingsService;
  secrets: SecretsService;
  backend: BackendLauncher;
  events: HostEvents;
  desktop: DesktopServices;
  handlers: IpcHandlers;
  /** Null without an updater port; Electron main calls updates.start() once the window exists. */
  updates: UpdatesService | null;
  /** Own-storage uploads and the first-analysis poll (issue 5). */
  ingest: IngestServices;
  /** Scheduled report PDFs (issue 12): both hosts call start() once the settings are loaded. */
  reportSchedules: ReportSchedules;
  /** The licensing expiry notices (issue 14): both hosts call start() once the settings are loaded. */
  licenseNotices: LicenseNotices;
}

/**
 * Wires the host services and connects their change notifications to the contract's events.
 * Call `settings.load()` and then `backend.start()`; call `backend.stop()` on quit.
 */
export function createHostServices(ports: HostPorts): HostServices {
  const events = createHostEvents((error) => ports.log(`event listener failed: ${String(error)}`));
  const settings = createSettingsService({ file: ports.settingsFile, clock: ports.clock });
  const secrets = createSecretsService({
    keychain: ports.keychain,
    encrypted: ports.encrypted,
    allowInsecure: () => settings.get().allowInsecureTokenStorage,
    log: ports.log,
  });
  const session = createSessionService({ settings, secrets });
  const localOutbox = createLocalMailOutbox(() => ports.clock.now());
  const backend = createBackendLauncher({
    spawner: ports.spawner,
    clock: ports.clock,
    notifier: ports.notifier,
    settings: () => settings.get(),
    ...ports.backend,
    onChildMessage: (message) => localOutbox.receive(message),
  });
  // One refresh for every window and every host client: two refreshes of one token would end the session.
  const sessionRefresh = createSessionRefresher({ backend: () => backend.info(), secrets, now: () => ports.clock.now() });
  settings.onChange((next) => events.emit('settings.changed', next));
  backend.onChange((info) => events.emit('backend.changed', info));
  const desktop = createDesktopServices({
    ports: ports.desktop,
    backend: () => backend.info(),
    secrets,
    sessionRefresh,
    brandId: () => settings.get().markers.bId,
    clock: ports.clock,
    emit: (event, payload) => events.emit(event, payload),
    log: ports.log,
    fontsDir: ports.fontsDir,
  });
  const updates = ports.updater
    ? createUpdatesService({
        updater: ports.updater,
        timer: systemIntervalTimer,
        now: () => ports.clock.now(),
        emit: (status) => events.emit('updates.changed', status),
        log: ports.log,
      })
    : null;
  const ingest = createIngestServices({
    backend: () => backend.info(), secrets, sessionRefresh, settings, notifier: ports.notifier, scheduler: ports.ingest?.scheduler,
    uploadSource: ports.ingest?.uploadSource ?? 'path', emit: (event, payload) => events.emit(event, payload), log: ports.log,
  });
  const exportClient = createBackendClient({ backend: () => backend.info(), secrets, sessionRefresh, brandId: () => settings.get().markers.bId });
  const csvExport = createCsvExportService({
    client: exportClient,
    exportDir: webExportDir(ports.desktop.stateDir),
    savePicker: ports.desktop.saveFilePicker ?? null,
    now: () => new Date(ports.clock.now()),
  });
  const reportExport = createReportExportService({
    client: exportClient,
    exportDir: webExportDir(ports.desktop.stateDir),
    savePicker: ports.desktop.saveFilePicker ?? null,
    now: () => new Date(ports.clock.now()),
    font: desktop.font,
  });
  const reportSchedules = createReportSchedules({
    stateDir: ports.desktop.stateDir, folders: desktop.folders, exports: reportExport, notifier: ports.desktop.downloadNotifier,
    scheduler: ports.ingest?.scheduler ?? systemScheduler, log: ports.log,
  });
  const licenseNotices = createLicenseNotices({
    client: exportClient, notifier: ports.notifier, stateDir: ports.desktop.stateDir, brandId: () => settings.get().markers.bId,
    scheduler: ports.ingest?.scheduler ?? systemScheduler, log: ports.log,
  });
  // A run that waited for the back end (or for a sign-in) is written as soon as the back end answers.
  backend.onChange((info) => {
    if (info.state !== 'running') return;
    void reportSchedules.runDue();
    void licenseNotices.check();
  });
  const assistantModel = createAssistantModel({
    settings, keychain: ports.keychain, emit: (payload) => events.emit('assistant.chunk', payload), log: ports.log, callTool: backendTools(exportClient),
  });
  const chatAttention = ({ unread, notice }: { unread: number; notice: { title: string; body: string } | null }) => {
    ports.badge?.setCount(unread);
    if (notice) ports.notifier.notify(notice.title, notice.body);
  };
  const integrations = createIntegrations({ settings, keychain: ports.keychain, log: ports.log });
  const handlers = createHostHandlers({ app: ports.app, backend, settings, secrets, session, sessionRefresh, desktop, updates, ...ingest, csvExport, reportExport, reportSchedules, assistantModel, chatAttention, integrations, localOutbox });
  return { settings, secrets, backend, events, desktop, handlers, updates, ingest, reportSchedules, licenseNotices };
}
