import { join } from 'node:path';
import type Database from 'better-sqlite3';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyServerFactory } from 'fastify';
import multipart from '@fastify/multipart';
import { MEDIA_URL_PREFIX } from '../shared/domain/workspace';
import { SUBMISSION_WINDOW_MS, SUBMISSIONS_PER_WINDOW } from '../shared/http/campaignSubmission.schemas';
import { INVITATIONS_PER_BRAND_PER_DAY, INVITATIONS_PER_MANAGER_PER_HOUR } from '../shared/http/team.schemas';
import packageJson from '../../package.json' with { type: 'json' };
import { ADDRESS_PROBE_WINDOW_MINUTES, ADDRESS_PROBES_PER_WINDOW, DEFAULT_BACKEND_PORT, ELECTRON_APP_ORIGIN, JSON_BODY_LIMIT_BYTES, LOGIN_ATTEMPTS_PER_MINUTE, SERVICE_PREFIXES } from '../shared/constants';
import { readPipelineEnv } from './analysis/analysisConfig';
import type { FfmpegTools } from './analysis/embeddedSubtitles';
import { createAnalysisPipeline, JOB_POLL_MS } from './analysis/pipeline';
import { realTimer, type AnalysisTimer } from './analysis/timer';
import type { MediaAnalyser } from './analysis/media/mediaAnalyser';
import { backendHearing } from './analysis/media/backendHearing';
import type { SpeechEnvironment } from './analysis/media/speechSetup';
import { createAccessTokenService } from './auth/accessTokens';
import { createBearerAuthenticator } from './auth/bearerAuthenticator';
import { noteRequestWrote, serveArrivedNow } from './search/requestArrival';
import { actAs, serveActing } from './db/actingUser';
import { createFailedAttemptLimiter } from './auth/failedAttemptLimiter';
import { loadOrCreateJwtSecret } from './auth/jwtSecret';
import { readSharedSecrets, type SharedSecrets } from './auth/sharedSecrets';
import { createChatService } from './chat/chatService';
import { registerPubnubRoutes, SUBSCRIBE_WAIT_MS } from './chat/pubnubRoutes';
import type { ServerContext } from './context';
import { preparePrivateDataDir } from './dataDir';
import { openWorkspaceDatabase } from './db/workspaceDatabase';
import type { SqlClient } from './db/sqlClient';
import type { ChangeNotifier } from './db/changeNotifier';
import { watchWrites } from './db/writeWatch';
import { createChangeStreams } from './live/changeStreams';
import { installAsciiJson } from './http/asciiJson';
import { installDrain } from './http/drain';
import { installErrorHandling } from './http/errorHandling';
import { installRequestLog, loggerOptions, requestIdOf, type RequestLogOptions } from './http/requestLog';
import { installRouteSupport } from './http/routeSupport';
import { createStore } from './repositories/store';
import { chooseDatabaseEngine } from './db/engine';
import { createSqliteClient } from './db/sqliteClient';
import { closeServer, listenStarting, type StartingServer } from './http/startingServer';
import { gatewayApiPlugin } from './routes/gateway/index';
import { graphqlPlugin } from './routes/graphql/index';
import { mainApiPlugin } from './routes/main/index';
import { campaignSubmissionPlugin } from './routes/main/campaigns/submission/submission.routes';
import { joinLinkPlugin } from './routes/main/team/joinLink.routes';
import { uploadTargetPlugin } from './routes/main/uploads/uploadTarget.plugin';
import { mediaPlugin } from './routes/media/index';
import { createMediaService } from './routes/media/mediaService';
import { metricsApiPlugin } from './routes/metrics/index';
import { createAccessKeys } from './routes/metrics/accessKeys';
import { createPublisher } from './services/publisher';
import { readPublishPayloadLimits } from './routes/gateway/publishPayloadBudget';
import type { PublishPayloadLimits } from './routes/gateway/publishPayloadBudget';
import { secondApiPlugin } from './routes/second/index';
import { systemPlugin } from './routes/system/system.routes';
import { installContentTypeGuard } from './security/contentTypeGuard';
import { installCompressedBodies } from './http/compressedBodies';
import { installCors } from './security/cors';
import { installHostOriginGuard } from './security/hostOriginGuard';
import { installSecurityHeaders } from './security/securityHeaders';
import { seedDemoWorkspace } from './seed/index';
import { chooseMediaStores, type MediaStores } from './media/chooseMediaStore';
import { createSessionService } from './services/sessionService';
import { createMailDelivery, type LiveMailSink } from './mail/mailDelivery';

export interface ServerOptions {
  dataDir: string;
  /** Default DEFAULT_BACKEND_PORT; 0 lets the OS pick a free port. */
  port?: number;
  /** The address to listen on; default 127.0.0.1 (this computer only). A server sets it (REELSCOPE_HOST). */
  host?: string;
  /** Host names the back end answers under besides loopback (a server's own names; see installHostOriginGuard). */
  allowedHosts?: string[];
  /** Load balancers (addresses, CIDR ranges) whose X-Forwarded-For names the client (BuildAppOptions.trustedProxies). */
  trustedProxies?: string[];
  /** Origins allowed besides the Electron renderer's (e.g. the web host's). */
  allowedOrigins?: string[];
  /** The log (REELSCOPE_LOG_LEVEL, REELSCOPE_LOG_FILE); default errors only, to stdout. */
  log?: RequestLogOptions;
  /** Where kept account mail goes live (the host's process channel); without it the live copy is not kept anywhere. */
  onLiveMail?: LiveMailSink;
  /** Demo workspace on first start (no users yet); false skips it. `seeder` replaces seedDemoWorkspace (tests slow it down). */
  seed?: { scale?: number; seeder?: typeof seedDemoWorkspace } | false;
  now?: () => Date;
}

/** How long a stop lets requests in flight finish before it closes their connections. */
const CLOSE_GRACE_MS = 2000;

export interface RunningServer {
  app: FastifyInstance;
  url: string;
  port: number;
  /** The SQLite handle of the embedded engine; null on PostgreSQL. */
  db: Database.Database | null;
  /** The store's client on either engine (what the app runs on). */
  sql: SqlClient;
  close(): Promise<void>;
}

export interface BuildAppOptions {
  /** The database: an open, migrated SQLite handle (tests), or either engine's client (`sql`, which wins). */
  db?: Database.Database;
  sql?: SqlClient;
  /** How instances on one database wake each other (default: nobody else writes it, as on SQLite). */
  notifier?: ChangeNotifier;
  jwtSecret: Uint8Array;
  allowedOrigins?: string[];
  /** Host names answered besides loopback (ServerOptions.allowedHosts). */
  allowedHosts?: string[];
  /**
   * The proxies in front of a server: a request from one of them is the client its X-Forwarded-For names (the address
   * sign-in limits count and logs show). Unset, that header is ignored: anyone could write it.
   */
  trustedProxies?: string[];
  /** Level and destination of the log; default errors only (5xx with their stack), to stdout. */
  log?: RequestLogOptions;
  now?: () => Date;
  /** The data folder: its `media` subfolder is served under MEDIA_URL_PREFIX and its media secret signs video URLs. */
  dataDir?: string;
  /** Signs media URLs instead of the data folder's `media-url-secret` (REELSCOPE_MEDIA_URL_SECRET, shared by all instances). */
  mediaUrlSecret?: Uint8Array;
  /** Where the media and publish payloads are kept; default chooseMediaStores (a REELSCOPE_S3_* bucket, else the data folder). */
  mediaStores?: MediaStores;
  /** Analysis pipeline settings; unset ones come from the environment (REELSCOPE_ANALYSIS_DELAY_MS, REELSCOPE_FFMPEG, ...). */
  analysis?: {
    delayMs?: number; timer?: AnalysisTimer; pollMs?: number; ffmpeg?: FfmpegTools; onSettled?: (videoId: string, error: Error | null) => void;
    /** Hears and reads the video files (worker processes, the speech engines); unset reads subtitle files only. */
    hearing?: { analyser: MediaAnalyser; speech: SpeechEnvironment };
  };
  /** Byte limit of one uploaded video; default REELSCOPE_UPLOAD_MAX_BYTES or 4 GiB. */
  uploadMaxBytes?: number;
  /** The gateway's publish payload limits; unset ones come from REELSCOPE_PUBLISH_PAYLOAD_MAX_BYTES / REELSCOPE_PUBLISH_QUEUE_MAX_BYTES. */
  publishPayloads?: Partial<PublishPayloadLimits>;
  /** How long a PubNub subscribe waits for a message (tests shorten it); default 280 s. */
  chatWaitMs?: number;
  /** Where kept account mail goes live (see ServerOptions.onLiveMail). */
  onLiveMail?: LiveMailSink;
  /** The HTTP server the app is built on when it is already listening (createServer's; see listenStarting). */
  serverFactory?: FastifyServerFactory;
}

/** The back end's version, as reported by GET /health. */
export const BACKEND_VERSION: string = packageJson.version;

/** Builds the Fastify app on an open, migrated database without listening (tests use `app.inject`). */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const now = options.now ?? (() => new Date());
  const sql = options.sql ?? (options.db ? createSqliteClient(options.db) : null);
  if (!sql) throw new Error('buildApp needs a database: pass db (SQLite) or sql (either engine).');
  // SQLite has no notices: the live streams read again after this process's own writes (coalesced per turn).
  let wakeStreams: () => void = () => undefined;
  let wakeQueued = false;
  const onWrite = () => {
    if (wakeQueued) return;
    wakeQueued = true;
    setImmediate(() => {
      wakeQueued = false;
      wakeStreams();
    });
  };
  // Every write also tells the request making it that index checks begun before it are stale for it (requestArrival.ts).
  const store = createStore(watchWrites(sql, options.notifier?.shared ? noteRequestWrote : () => (noteRequestWrote(), onWrite())), now);
  const { repos } = store;
  const tokens = createAccessTokenService(options.jwtSecret, now);
  const pipelineEnv = readPipelineEnv();
  const sessions = createSessionService({ repos, tokens, now });
  const mediaStores = options.mediaStores ?? chooseMediaStores(process.env, options.dataDir);
  const ctx: ServerContext = {
    now,
    repos,
    videos: store.videos,
    home: store.home,
    reports: store.reports,
    tokens,
    sessions,
    // In the database, not in memory: every instance behind one address counts the same attempts.
    loginLimiter: createFailedAttemptLimiter({ store: store.limiterAttempts, scope: 'login', limit: LOGIN_ATTEMPTS_PER_MINUTE, windowMs: 60_000, now }),
    addressLimiter: createFailedAttemptLimiter({ store: store.limiterAttempts, scope: 'address', limit: ADDRESS_PROBES_PER_WINDOW, windowMs: ADDRESS_PROBE_WINDOW_MINUTES * 60_000, now }),
    accountLimiter: createFailedAttemptLimiter({ store: store.limiterAttempts, scope: 'address-account', limit: 1, windowMs: ADDRESS_PROBE_WINDOW_MINUTES * 60_000, now }),
    submissionLimiter: createFailedAttemptLimiter({ store: store.limiterAttempts, scope: 'submission', limit: SUBMISSIONS_PER_WINDOW, windowMs: SUBMISSION_WINDOW_MS, now }),
    invitationLimiters: {
      manager: createFailedAttemptLimiter({ store: store.limiterAttempts, scope: 'invitation_manager', limit: INVITATIONS_PER_MANAGER_PER_HOUR, windowMs: 60 * 60_000, now }),
      brand: createFailedAttemptLimiter({ store: store.limiterAttempts, scope: 'invitation_brand', limit: INVITATIONS_PER_BRAND_PER_DAY, windowMs: 24 * 60 * 60_000, now }),
    },
    version: BACKEND_VERSION,
    media: createMediaService(options.dataDir, mediaStores, now, options.mediaUrlSecret),
    analysis: createAnalysisPipeline({
      repo: repos.analysis,
      now,
      timer: options.analysis?.timer ?? realTimer,
      delayMs: options.analysis?.delayMs ?? pipelineEnv.analysisDelayMs,
      media: mediaStores.media,
      ffmpeg: options.analysis?.ffmpeg ?? pipelineEnv.ffmpeg,
      onSettled: options.analysis?.onSettled,
      // Due jobs no instance holds are looked for on real time; a test's manual timer alone decides when its steps run.
      pollMs: options.analysis?.pollMs ?? (options.analysis?.timer ? 0 : JOB_POLL_MS),
      leaseMs: pipelineEnv.jobLeaseMs,
      hearing: options.analysis?.hearing ? { ...options.analysis.hearing, settings: repos.analysisSettings } : null,
    }),
    hearing: options.analysis?.hearing ? { speech: options.analysis.hearing.speech, workers: options.analysis.hearing.analyser.workers } : null,
    uploadMaxBytes: options.uploadMaxBytes ?? pipelineEnv.uploadMaxBytes,
    publishPayloads: { ...readPublishPayloadLimits(), ...options.publishPayloads },
    widgets: {
      keys: createAccessKeys({
        store: repos.widgets.keys, jwtSecret: options.jwtSecret, now,
        roleIn: (userId, brandId) => repos.team.roleOf(userId, brandId),
        sessionLive: sessions.isLive,
      }),
    },
    publishing: createPublisher(store.publishing, now, { payloadStore: mediaStores.payloads.store, leaseMs: pipelineEnv.jobLeaseMs }),
    assistant: store.assistant,
    chat: await createChatService(store.chat, options.jwtSecret, now, options.chatWaitMs ?? SUBSCRIBE_WAIT_MS, sessions.isLive, options.notifier),
    mail: createMailDelivery({ outbox: repos.outbox, now, handOver: options.onLiveMail ?? null }),
    // A license ending is time passing: moved to expired (and so logged) for the brands someone watches live.
    live: createChangeStreams(store.changes, now, options.notifier, async (brandIds) => {
      for (const brandId of brandIds) await repos.licenses.expireEnded(brandId, now());
    }),
  };
  wakeStreams = ctx.live.wake;

  // A PubNub subscribe names up to 50 channels in one path segment: past find-my-way's default of 100 characters.
  const app = Fastify({
    logger: loggerOptions(options.log ?? { level: 'error' }),
    // A random id per request (not a counter that restarts at each start), or the short safe one a proxy sent.
    genReqId: requestIdOf,
    requestIdHeader: false,
    // installRequestLog writes one line per answered request instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: options.trustedProxies?.length ? options.trustedProxies : false,
    routerOptions: { maxParamLength: 4096 },
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  });
  // The answer names its request id, so a person reporting a failure can point at its log lines.
  app.addHook('onRequest', async (request, reply) => void reply.header('x-request-id', request.id));
  installRequestLog(app);
  installErrorHandling(app);
  installDrain(app);
  // A request's index check begins beside its bearer check (on a team server two round trips at once, not in a row).
  app.addHook('onRequest', (_request, _reply, done) => serveArrivedNow(done));
  // Whom the request's writes are logged as (its route names the signed-in person); work it leaves running after the
  // answer (an analysis it queued) is no longer that person's doing.
  app.addHook('onRequest', (_request, _reply, done) => serveActing(done));
  app.addHook('onResponse', async () => actAs(null));
  installRouteSupport(app, createBearerAuthenticator(tokens, repos, now, (brandId) => ctx.videos.index.prefetch(brandId)));
  installHostOriginGuard(app, new Set([ELECTRON_APP_ORIGIN, ...(options.allowedOrigins ?? [])]), new Set(options.allowedHosts));
  installCors(app);
  installContentTypeGuard(app);
  installCompressedBodies(app);
  installSecurityHeaders(app);
  installAsciiJson(app);
  // Parses multipart only for routes that opt in (the content-type guard refuses it elsewhere).
  await app.register(multipart);

  await app.register(systemPlugin, ctx);
  await app.register(mainApiPlugin, { ...ctx, prefix: SERVICE_PREFIXES.main });
  await app.register(secondApiPlugin, { ...ctx, prefix: SERVICE_PREFIXES.second });
  await app.register(metricsApiPlugin, { ...ctx, prefix: SERVICE_PREFIXES.metrics });
  await app.register(gatewayApiPlugin, { ...ctx, prefix: SERVICE_PREFIXES.gateway });
  await app.register(graphqlPlugin, { ...ctx, prefix: SERVICE_PREFIXES.graphql });
  await app.register(mediaPlugin, { ...ctx, prefix: MEDIA_URL_PREFIX });
  await app.register(uploadTargetPlugin, { ...ctx, prefix: `${MEDIA_URL_PREFIX}/upload` });
  // The campaign submission page sits at the root: its address is printed in QR codes and links creators open.
  await app.register(campaignSubmissionPlugin, ctx);
  await app.register(joinLinkPlugin, ctx);
  // PubNub's REST paths sit at the root, where the SDK calls them (its origin is a host, not a path).
  registerPubnubRoutes(app, ctx.chat);
  // Live streams end at once too: their clients resume from their last id (on another instance, behind a balancer).
  app.addHook('preClose', async () => ctx.live.closeAll());
  // Waiting subscribers answer at once, so stopping never waits out a long poll.
  app.addHook('preClose', async () => ctx.chat.bus.closeAll());
  // Analyses interrupted by a shutdown continue where they were (their due time is stored).
  app.addHook('onReady', async () => void (await ctx.analysis.resume()));
  // Publish jobs a shutdown interrupted continue from their stored state.
  app.addHook('onReady', async () => ctx.publishing.resume());
  // The list index loads, and the first list a person most likely asks for is answered once, while they sign in, not
  // inside their first list (at 100k videos the restore is a few hundred milliseconds of a start, the first list's
  // marks, filter options and uncompiled code as much again): not awaited, so readiness does not wait for it; the first
  // request shares the load if it is still running, and a load that fails is left to the first request, as without this.
  app.addHook('onReady', async () => void ctx.videos.warmFirstList(ctx.now()).catch(() => undefined));
  app.addHook('preClose', async () => ctx.publishing.stop());
  app.addHook('onClose', async () => ctx.analysis.stop());
  return app;
}

/**
 * Starts the embedded back end: listens on 127.0.0.1 (or the host a server names) at once, answering /livez and
 * nothing else (503, the server-down message) while it opens and migrates `${dataDir}/reelscope.sqlite` and seeds the
 * demo workspace on first start; then the app answers. Listening first lets a load balancer or an orchestrator see
 * "alive, not ready" through a long first start instead of a refused port it would take for a dead instance and
 * restart. The desktop hosts still wait for this to resolve (the CLI's ready message) before they call it.
 */
export async function createServer(options: ServerOptions): Promise<RunningServer> {
  // A half-configured bucket stops the start here, before the port opens, with the sentence naming what is missing.
  const mediaStores = chooseMediaStores(process.env, options.dataDir);
  // So does a malformed shared secret (REELSCOPE_JWT_SECRET, REELSCOPE_MEDIA_URL_SECRET or their _FILE twins).
  const sharedSecrets = readSharedSecrets(process.env);
  preparePrivateDataDir(options.dataDir);
  const starting = await listenStarting(options.host ?? '127.0.0.1', options.port ?? DEFAULT_BACKEND_PORT);
  try {
    return await openApp(options, starting, mediaStores, sharedSecrets);
  } catch (error) {
    starting.server.closeAllConnections();
    await closeServer(starting.server);
    throw error;
  }
}

/** The database and the app on the listening server, which the app answers from once they are ready. */
async function openApp(options: ServerOptions, starting: StartingServer, mediaStores: MediaStores, sharedSecrets: SharedSecrets): Promise<RunningServer> {
  const { server } = starting;
  // The SQLite file of the data folder, or the PostgreSQL database of REELSCOPE_DATABASE_URL (issue 27).
  const database = await openWorkspaceDatabase(chooseDatabaseEngine(process.env, options.dataDir), seedDemoWorkspace);
  // Its workers start with the first analysis, not here; a malformed setting stops the start before anything opens.
  let hearing: ReturnType<typeof backendHearing> = null;
  try {
    hearing = backendHearing(options.dataDir);
    if (options.seed !== false && (await database.isEmpty())) {
      // Dated from today (the server's clock), so a fresh install's dashboard looks live on any date.
      await database.seedDemo({ mediaDir: join(options.dataDir, 'media'), mediaStore: mediaStores.media, scale: options.seed?.scale, createdAt: options.now?.() }, options.seed?.seeder);
    }
    const app = await buildApp({
      sql: database.sql,
      notifier: database.notifier,
      jwtSecret: sharedSecrets.jwt ?? loadOrCreateJwtSecret(options.dataDir),
      mediaUrlSecret: sharedSecrets.mediaUrl ?? undefined,
      allowedOrigins: options.allowedOrigins,
      allowedHosts: options.allowedHosts,
      trustedProxies: options.trustedProxies,
      log: options.log,
      now: options.now,
      dataDir: options.dataDir,
      mediaStores,
      onLiveMail: options.onLiveMail,
      serverFactory: starting.factory,
      analysis: hearing ? { hearing } : undefined,
    });
    try {
      await app.ready();
    } catch (error) {
      await app.close();
      throw error;
    }
    starting.open();
    return {
      app,
      db: database.sqlite,
      sql: database.sql,
      port: starting.port,
      url: starting.url,
      async close() {
        // Requests in flight get a moment to finish; a connection still open after it (a client that never completes
        // its request) is cut, so quitting never waits for Node's one-minute header timeout.
        const cut = setTimeout(() => server.closeAllConnections(), CLOSE_GRACE_MS);
        try {
          // The app answers new requests 503 and hands long polls back (preClose); the server takes no new
          // connections and ends once the requests in flight are answered (the app adopted it, so it is ours to close).
          await Promise.all([app.close(), closeServer(server)]);
        } finally {
          clearTimeout(cut);
        }
        await hearing?.analyser.close();
        await database.close();
      },
    };
  } catch (error) {
    await hearing?.analyser.close();
    await database.close();
    throw error;
  }
}
