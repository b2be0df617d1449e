import { z } from 'zod';
import {
  DownloadIdSchema, DownloadProgressSchema, DownloadStartSchema, ExportIdSchema, ExportProgressSchema, LibraryItemIdSchema, LibraryItemSchema,
  LibraryRemoveSchema, LibrarySearchResultSchema, LibrarySearchSchema, LibraryTranscriptSchema, PickedDirectorySchema, ShowItemSchema,
  TranscriptExportSchema,
} from './desktop.schemas';
import { CreatorsCsvExportSchema, CsvExportResultSchema, LicensingCsvExportSchema, ReportExportResultSchema, ReportExportSchema, ReportScheduleInputSchema, ReportScheduleSchema } from './exports.schemas';
import { NavigateSchema, UpdateStatusSchema } from './app.schemas';
import { SettingsPatchSchema, SettingsSchema } from './settings.schemas';
import { LiveMailSchema } from '../http/outbox.schemas';
import { GoogleIdTokenSchema, IntegrationBeginSchema, IntegrationConnectedSchema, IntegrationFlowSchema, IntegrationTargetSchema } from './integrations.schemas';
import { AssistantModelInputSchema, AssistantModelStatusSchema, GenerateChunkSchema, GenerateInputSchema, GenerateResultSchema, RequestIdSchema } from './assistantModel.schemas';
import {
  AnalysisCompletedSchema, AnalysisPollStateSchema, PickedFilesSchema, PickFilesSchema, UploadIdSchema, UploadProgressSchema, UploadStartedSchema, UploadStartSchema,
} from './uploads.schemas';

/** Where the host keeps the tokens: OS keychain, Electron safeStorage file, or process memory only. */
export const TokenStorageSchema = z.enum(['keychain', 'safeStorage', 'memory']);
export type TokenStorage = z.infer<typeof TokenStorageSchema>;

export const StoredTokensSchema = z.object({
  jwt: z.string().min(1).max(8192),
  refreshToken: z.string().min(1).max(1024),
});
export type StoredTokens = z.infer<typeof StoredTokensSchema>;

export const SecretStatusSchema = z.object({
  storage: TokenStorageSchema,
  /** False when tokens are kept in memory only and the person must sign in at each start. */
  persistent: z.boolean(),
  /** A plain-language warning to show, e.g. when the keychain is locked or missing. */
  warning: z.string().nullable(),
});
export type SecretStatus = z.infer<typeof SecretStatusSchema>;

export const ServiceUrlsSchema = z.object({
  main: z.string(),
  second: z.string(),
  metrics: z.string(),
  gateway: z.string(),
  graphql: z.string(),
});
export type ServiceUrls = z.infer<typeof ServiceUrlsSchema>;

export const BackendInfoSchema = z.object({
  mode: z.enum(['embedded', 'hosted']),
  origin: z.string(),
  urls: ServiceUrlsSchema,
  /** Folder of the embedded database and media; null for a hosted back end. */
  dataDir: z.string().nullable(),
  state: z.enum(['starting', 'running', 'stopped', 'failed']),
  error: z.string().nullable(),
});
export type BackendInfo = z.infer<typeof BackendInfoSchema>;

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  runtime: z.enum(['electron', 'web']),
});

/** chat.attention: the unread count, and a message to announce (its sender and a line of it). */
export const ChatAttentionSchema = z.object({
  unread: z.number().int().min(0).max(1_000_000),
  notice: z.object({ title: z.string().max(200), body: z.string().max(500) }).nullable(),
});

const none = z.undefined();

function channel<I extends z.ZodType, O extends z.ZodType>(doc: string, input: I, output: O) {
  return { doc, input, output };
}

/**
 * Every request the renderer may send to the host: `domain.verb` → input and output schemas.
 * Main registers one handler per entry (a missing one fails to compile); the preload refuses any other name;
 * the web host serves the same table over POST /__host/:channel.
 */
export const IPC_CHANNELS = {
  'app.info': channel('Name, version and platform of the running app.', none, AppInfoSchema),
  'backend.info': channel('Where the back end is and whether the embedded one runs.', none, BackendInfoSchema),
  'mail.localOutbox': channel(
    'Account mail (reset links, confirmations) the embedded back end kept unsent this run, live links included, newest first; held in memory only. Empty with a hosted back end.',
    none, z.array(LiveMailSchema),
  ),
  'settings.get': channel('The stored settings (a corrupted file is replaced by defaults).', none, SettingsSchema),
  'settings.update': channel('Merges a partial update into the settings and answers the result.', SettingsPatchSchema, SettingsSchema),
  'secrets.status': channel('Where tokens are kept and whether they survive a restart.', none, SecretStatusSchema),
  'secrets.getToken': channel('The stored jwt and refresh token, or null when signed out.', none, StoredTokensSchema.nullable()),
  'secrets.setToken': channel('Keeps the jwt and refresh token in the most secure store available.', StoredTokensSchema, SecretStatusSchema),
  'secrets.clear': channel('Removes the stored tokens from every store.', none, z.null()),
  'session.logout': channel('Clears tokens, ids and every marker spec §4 lists on logout.', none, SettingsSchema),
  'session.refresh': channel(
    'Renews the session every window shares after a 401: one refresh for all of them, the current pair to whoever held a spent one.',
    z.object({ refreshToken: StoredTokensSchema.shape.refreshToken }),
    StoredTokensSchema,
  ),
  // Issue 4: desktop capabilities.
  'downloads.start': channel(
    'Downloads a video to the download folder (own storage and GoogleDrive only, else MESSAGES.downloadUnsupported); a second start for a video still downloading answers the running id. Progress arrives as downloads.progress.',
    DownloadStartSchema, z.object({ downloadId: z.string() }),
  ),
  'downloads.cancel': channel('Cancels a queued or running download and removes its partial file; no-op for finished ones.', DownloadIdSchema, z.null()),
  'downloads.list': channel('Current and finished downloads of this run, newest first.', none, z.array(DownloadProgressSchema)),
  'dialog.pickDirectory': channel(
    'Electron: the native folder chooser ({path}, or null when cancelled). Web host: a browser has no native picker, so it answers the configured folder (the last export folder, else <dataDir>/exports). Fails with MESSAGES.directoryPickerFailed.',
    none, PickedDirectorySchema,
  ),
  'transcripts.export': channel(
    'Writes one transcript file per video (pdf default, txt, csv) into the folder, fetching in batches of 50; remembers the folder. Progress arrives as transcripts.exportProgress.',
    TranscriptExportSchema, z.object({ exportId: z.string() }),
  ),
  'transcripts.cancelExport': channel('Stops an export between files and removes a partly written one; no-op when finished.', ExportIdSchema, z.null()),
  'library.list': channel('Offline items (downloaded videos and exported transcripts) with a playable URL; works with the back end stopped.', none, z.array(LibraryItemSchema)),
  'library.transcript': channel('The stored timed lines of an offline item (empty when none were saved).', LibraryItemIdSchema, LibraryTranscriptSchema),
  'library.search': channel('Case-insensitive substring search (any script) across every offline transcript.', LibrarySearchSchema, LibrarySearchResultSchema),
  'library.remove': channel('Forgets an offline item; deleteFile also removes its file from disk.', LibraryRemoveSchema, z.null()),
  'shell.showItemInFolder': channel(
    'Electron: shows the file in the OS file manager. Web host: answers HostError unavailable (a browser cannot open local folders).',
    ShowItemSchema, z.null(),
  ),
  'updates.status': channel('Where the background updater stands (web host: unsupported).', none, UpdateStatusSchema),
  'updates.restart': channel(
    'Quits and installs a downloaded update; only ever on this explicit request. Fails with HostError unavailable when no update is ready or the host has no updater.',
    none, z.null(),
  ),
  // Issue 5: own-storage uploads and the first-analysis poll.
  'uploads.start': channel(
    'Checks the files (video MIME map of spec §5, .srt/.vtt beside) before any byte is sent, asks the back end for one-time PUT targets and streams the subtitle then the video: Electron from file.path (only a regular file whose own name has an allowed extension); the web host answers stream paths the page PUTs the File bodies to. videoId retries an upload. Progress arrives as uploads.progress.',
    UploadStartSchema, UploadStartedSchema,
  ),
  'dialog.pickFiles': channel(
    'Electron: the native file chooser for own-storage uploads (kind video: the video types of spec §5 with .srt/.vtt beside, several at once; kind subtitle: one .srt/.vtt), answering {paths} or null when cancelled. Web host: HostError unavailable (the page uses its file input and streams the File).',
    PickFilesSchema, PickedFilesSchema,
  ),
  'uploads.cancel': channel('Stops a running upload (the back end gives the link back for a retry); no-op when finished.', UploadIdSchema, z.null()),
  'uploads.list': channel('Uploads of this run, newest first.', none, z.array(UploadProgressSchema)),
  'analysis.pollStatus': channel('Where the first-analysis poll stands (re-evaluates the stored marker first).', none, AnalysisPollStateSchema),
  // Issue 6: creators CSV.
  'creators.exportCsv': channel(
    'Saves GET /jwt_api/influencers/export.csv of the given list query (the current filter) with the stored tokens, streamed to a file: Electron asks where with the native save dialog (null when cancelled); the web host writes <dataDir>/exports/creators-<date>.csv (numbered when taken). Answers {path, rows, bytes}.',
    CreatorsCsvExportSchema, CsvExportResultSchema,
  ),
  'licensing.exportCsv': channel(
    'Saves the acting brand\'s license purchase history (GET /jwt_api/license_agreements/purchases.csv) with the stored tokens, like creators.exportCsv (native save dialog in Electron; <dataDir>/exports/license-purchases-<date>.csv in the web host).',
    LicensingCsvExportSchema, CsvExportResultSchema,
  ),
  // Issue 12: report exports.
  'reports.export': channel(
    'Exports a saved report (or an unsaved definition, e.g. the home overview) as PDF (charts drawn as vectors by ECharts\' server-side SVG, any script) or CSV (the numbers behind each chart): the host fetches the figures with the stored tokens and builds the document the screen shows. Electron asks where with the native save dialog (null when cancelled); the web host writes <dataDir>/exports/<title>-<date>.<ext> (numbered when taken). Answers {path, bytes, pages}.',
    ReportExportSchema, ReportExportResultSchema,
  ),
  'reports.schedule': channel(
    'Schedules a saved report as a PDF written into a picked folder weekly or monthly (cadence null removes it); answers every schedule. The host writes each when due, or at the next start when the app was closed then, keeps the last run\'s status and shows a notice with "Show in folder".',
    ReportScheduleInputSchema, z.array(ReportScheduleSchema),
  ),
  'reports.schedules': channel('Every scheduled report with its next due time and last run.', none, z.array(ReportScheduleSchema)),
  // Issue 13: the assistant's optional generative mode.
  'assistant.model': channel('The OpenAI-compatible model server the assistant may use (none by default) and whether its key is in the keychain.', none, AssistantModelStatusSchema),
  'assistant.setModel': channel(
    'Sets (url null: clears) the model server and model; key: kept in the keychain (null removes it, absent keeps it). Answers the status.',
    AssistantModelInputSchema, AssistantModelStatusSchema,
  ),
  'assistant.generate': channel(
    'Asks the model server to answer the question from the embedded answer\'s facts and numbered lines, and (issue 30) the engine\'s tools, whose lines it may cite too (tool_lines); text arrives as assistant.chunk events. Without tools citations [n] outside the given lines are dropped; with them such an answer is refused. Never rejects for the server\'s failures: status failed with the reason (no first token within 10 s counts as one), and the embedded answer stands.',
    GenerateInputSchema, GenerateResultSchema,
  ),
  'assistant.stop': channel('Stops a running generation (its result answers status stopped); no-op when finished.', RequestIdSchema, z.null()),
  // Issue 15: chat's presence outside the window.
  'chat.attention': channel(
    'Shows the unread chat count on the dock or taskbar (Electron; the web host has none) and, with notice, a native notification for a message that arrived while the window was not in front.',
    ChatAttentionSchema, z.null(),
  ),
  // Issue 17: integrations (RFC 8252: system browser, loopback redirect, PKCE, state; tokens in the OS keychain).
  'integrations.begin': channel(
    'Starts connecting a platform for a brand through its configured sign-in provider: answers the authorization address the page opens in the system browser (window.open: Electron sends it to the OS browser) and the flow to complete. HostError unavailable when the platform has no provider configured or no keychain exists.',
    IntegrationTargetSchema, IntegrationBeginSchema,
  ),
  'integrations.complete': channel(
    'Waits for the browser to come back to the loopback address (at most 5 minutes), exchanges the code with its PKCE verifier, keeps the tokens in the OS keychain and answers what was connected (never the tokens). HostError failed with the provider\'s reason, a wrong state or a timeout.',
    IntegrationFlowSchema, IntegrationConnectedSchema,
  ),
  'integrations.cancel': channel('Stops a running sign-in (its loopback listener closes); no-op when finished.', IntegrationFlowSchema, z.null()),
  'auth.googleBegin': channel(
    'Starts "Sign up with Google" through the Google provider configured for this workspace, as integrations.begin does (system browser, loopback, PKCE). HostError unavailable on the embedded workspace, where none is configured.',
    none, IntegrationBeginSchema,
  ),
  'auth.googleComplete': channel('Waits for the Google sign-in to come back and answers its ID token (for POST /login/sign_up_with_google; nothing is kept).', IntegrationFlowSchema, GoogleIdTokenSchema),
  'integrations.disconnect': channel('Revokes the platform\'s tokens at its provider when it can, and removes them from the keychain.', IntegrationTargetSchema, z.null()),
} as const;

/** Events the host pushes to the renderer. */
export const IPC_EVENTS = {
  'settings.changed': { doc: 'The settings changed (from any window or the host).', payload: SettingsSchema },
  'backend.changed': { doc: 'The embedded back end started, stopped or failed.', payload: BackendInfoSchema },
  'downloads.progress': { doc: 'A download changed state or progressed (at most ~4 per second while running).', payload: DownloadProgressSchema },
  'transcripts.exportProgress': { doc: 'A transcript export progressed, finished, failed or was cancelled.', payload: ExportProgressSchema },
  'library.changed': { doc: 'The offline library gained or lost items (re-read library.list).', payload: z.object({ count: z.number().int() }) },
  'app.navigate': { doc: 'The host asks the renderer to open a route (menu shortcut or reelscope:// deep link).', payload: NavigateSchema },
  'updates.changed': { doc: 'The background updater changed state (checking, downloading, ready to restart, error).', payload: UpdateStatusSchema },
  'uploads.progress': { doc: 'An upload changed phase or progressed (at most ~4 per second while bytes flow).', payload: UploadProgressSchema },
  'assistant.chunk': { doc: 'More text of a generated answer (assistant.generate), in order.', payload: GenerateChunkSchema },
  'analysis.completed': { doc: 'The first video is analyzed (marker now id,completed): start the first-video-analyzed tutorial.', payload: AnalysisCompletedSchema },
} as const;

export type IpcChannel = keyof typeof IPC_CHANNELS;
export type IpcEvent = keyof typeof IPC_EVENTS;
export type IpcInput<C extends IpcChannel> = z.input<(typeof IPC_CHANNELS)[C]['input']>;
export type IpcOutput<C extends IpcChannel> = z.output<(typeof IPC_CHANNELS)[C]['output']>;
export type IpcEventPayload<E extends IpcEvent> = z.output<(typeof IPC_EVENTS)[E]['payload']>;

export const IPC_ERROR_CODES = ['bad_input', 'unknown_channel', 'forbidden', 'failed', 'unavailable'] as const;
export type IpcErrorCode = (typeof IPC_ERROR_CODES)[number];

export const IpcErrorSchema = z.object({ code: z.enum(IPC_ERROR_CODES), message: z.string() });
export type IpcError = z.infer<typeof IpcErrorSchema>;

/** Every answer crosses the boundary as this envelope; the renderer's host client unwraps it. */
export type IpcEnvelope<T> = { ok: true; value: T } | { ok: false; error: IpcError };

/** Arguments of invoke: channels without input take none. */
export type InvokeArgs<C extends IpcChannel> = IpcInput<C> extends undefined ? [] : [input: IpcInput<C>];

/** The one surface through which the renderer reaches the host (Electron preload or web bridge). */
export interface HostBridge {
  invoke<C extends IpcChannel>(channel: C, ...args: InvokeArgs<C>): Promise<IpcEnvelope<IpcOutput<C>>>;
  on<E extends IpcEvent>(event: E, listener: (payload: IpcEventPayload<E>) => void): () => void;
  /**
   * Electron preload only: the disk path of a File the person dropped onto the window ('' when it has none), through
   * webUtils.getPathForFile, which only the preload can call under contextIsolation. The web bridge has none (a
   * browser never reveals paths); the host still checks every path it is given (uploads.start).
   */
  pathForFile?(file: File): string;
}

export function isIpcChannel(name: unknown): name is IpcChannel {
  return typeof name === 'string' && Object.hasOwn(IPC_CHANNELS, name);
}
export function isIpcEvent(name: unknown): name is IpcEvent {
  return typeof name === 'string' && Object.hasOwn(IPC_EVENTS, name);
}

/** Name of the preload global. */
export const PRELOAD_GLOBAL = 'reelscopeHost';
/** Web host bridge: path prefix, token header, and the meta tag that carries the per-run token. */
export const WEB_BRIDGE = {
  prefix: '/__host',
  tokenHeader: 'x-reelscope-host-token',
  tokenMeta: 'reelscope-host-token',
  eventsPath: '/__host/events',
} as const;
