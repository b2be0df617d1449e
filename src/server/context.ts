import type { ChatService } from './chat/chatService';
import type { AccessKeys } from './routes/metrics/accessKeys';
import type { Publisher } from './services/publisher';
import type { PublishPayloadLimits } from './routes/gateway/publishPayloadBudget';
import type { AnalysisPipeline } from './analysis/pipeline';
import type { SpeechEnvironment } from './analysis/media/speechSetup';
import type { AssistantRepositories } from './repositories/assistant/index';
import type { AccessTokenService } from './auth/accessTokens';
import type { FailedAttemptLimiter } from './auth/failedAttemptLimiter';
import type { Repositories } from './repositories/index';
import type { VideoRepositories } from './repositories/videos/index';
import type { HomeRepositories } from './repositories/home/index';
import type { ReportRepositories } from './repositories/reports/index';
import type { MediaService } from './routes/media/mediaService';
import type { SessionService } from './services/sessionService';
import type { MailDelivery } from './mail/mailDelivery';
import type { ChangeStreams } from './live/changeStreams';

/** What every route plugin receives: the store layer's repositories (never the database handle), services and the clock. */
export interface ServerContext {
  now: () => Date;
  repos: Repositories;
  /** The videos repositories and their one in-memory list index, shared by every route that reads videos. */
  videos: VideoRepositories;
  /** The home dashboard's figures, shared by home, reports and the assistant. */
  home: HomeRepositories;
  /** Saved reports, report videos and speech passages (they read the same list index as the videos). */
  reports: ReportRepositories;
  tokens: AccessTokenService;
  sessions: SessionService;
  loginLimiter: FailedAttemptLimiter;
  /** Account probes per client address across accounts (sign-in, sign-up, recovery, confirmation): ADDRESS_PROBES_PER_WINDOW. */
  addressLimiter: FailedAttemptLimiter;
  /**
   * Failed sign-ins per account and client address over the address's window: while the address is full, an account
   * with none of them standing (not itself under attack from there) may still sign in with its right password.
   */
  accountLimiter: FailedAttemptLimiter;
  /** Campaign submissions per client address (SUBMISSIONS_PER_WINDOW), accepted or refused. */
  submissionLimiter: FailedAttemptLimiter;
  /** Invitations sent per manager (INVITATIONS_PER_MANAGER_PER_HOUR) and per brand (INVITATIONS_PER_BRAND_PER_DAY). */
  invitationLimiters: { manager: FailedAttemptLimiter; brand: FailedAttemptLimiter };
  version: string;
  /** The media folder and the signer of its video URLs. */
  media: MediaService;
  /** The analysis pipeline (issue 5): new and re-analysed videos go pending → processing → completed. */
  analysis: AnalysisPipeline;
  /** How this back end hears videos (its speech engines and worker count); null when it reads only subtitle files. */
  hearing: { speech: SpeechEnvironment; workers: number } | null;
  /** The assistant (issue 13): its conversations and the transcript lines its answers quote. */
  assistant: AssistantRepositories;
  /** Chat (issue 15): the PubNub-protocol side and its keys. */
  chat: ChatService;
  /** Widgets (issue 16): brand API keys of the metrics API and embed tokens, shared by Settings' key routes and the metrics API. */
  widgets: { keys: AccessKeys };
  /** Publishing to the shopper app (issue 17): the job runner behind every publish and unpublish. */
  publishing: Publisher;
  /** Size limit of one gateway publish payload and a brand's quota of waiting ones (REELSCOPE_PUBLISH_*_MAX_BYTES). */
  publishPayloads: PublishPayloadLimits;
  /** Byte limit of one uploaded video (REELSCOPE_UPLOAD_MAX_BYTES). */
  uploadMaxBytes: number;
  /** Account mail (reset links, confirmations): sent, or kept redacted with the live copy handed to the host. */
  mail: MailDelivery;
  /** The open live streams of the brands' changes (issue 29). */
  live: ChangeStreams;
}
