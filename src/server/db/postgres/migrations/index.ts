import { migration004VideoListCover } from '../../migrations/004_video_list_cover';
import { migration010ReportDefinitions } from '../../migrations/010_report_definitions';
import { migration014PublishJobs } from '../../migrations/014_publish_jobs';
import { migration016PublishPayloadBytes } from '../../migrations/016_publish_payload_bytes';
import { migration017RefreshSessions } from '../../migrations/017_refresh_sessions';
import { migration019RefreshRotationGrace } from '../../migrations/019_refresh_rotation_grace';
import { migration021ReportHighlight } from '../../migrations/021_report_highlight';
import { migration022DemoSeedAnchor } from '../../migrations/022_demo_seed_anchor';
import { pgMigration001Auth } from './001_auth';
import { pgMigration002Content } from './002_content';
import { pgMigration003VideoState } from './003_video_state';
import { pgMigration005VideoSearch } from './005_video_search';
import { pgMigration006UploadsAnalysis } from './006_uploads_analysis';
import { pgMigration007CatalogLists } from './007_catalog_lists';
import { pgMigration008TranscriptTerms } from './008_transcript_terms';
import { pgMigration009SearchSnapshots } from './009_search_snapshots';
import { pgMigration011Assistant } from './011_assistant';
import { pgMigration012ChatTimetokens } from './012_chat_timetokens';
import { pgMigration013Widgets } from './013_widgets';
import { pgMigration015Integrations } from './015_integrations';
import { pgMigration018SecretsAtRest } from './018_secrets_at_rest';
import { pgMigration020CampaignSubmissions } from './020_campaign_submissions';
import { pgMigration023TranscriptPairPositions } from './023_transcript_pair_positions';
import { pgMigration024BrandMarkVersions } from './024_brand_mark_versions';
import { pgMigration025TranscriptTermTrigrams } from './025_transcript_term_trigrams';
import { pgMigration026LimiterAttempts } from './026_limiter_attempts';
import { migration027JobClaims } from '../../migrations/027_job_claims';
import { pgMigration028Team } from './028_team';
import { pgMigration029BrandChanges } from './029_brand_changes';
import { pgMigration030BrandChangeTimes } from './030_brand_change_times';
import { pgMigration031PersonalFavorites } from './031_personal_favorites';
import { pgMigration032TranscriptTriples } from './032_transcript_triples';
import { pgMigration033ProductLinkSentiment } from './033_product_link_sentiment';
import { pgMigration034UnanalysedLabels } from './034_unanalysed_labels';
import { pgMigration035InvitationSignUps } from './035_invitation_sign_ups';
import { pgMigration036AttributedChanges } from './036_attributed_changes';
import { pgMigration037SubmissionRating } from './037_submission_rating';
import { pgMigration038HeardAndRead } from './038_heard_and_read';
import type { Migration } from '../../migrations/index';

/**
 * The PostgreSQL schema, step by step: the same version numbers and names as MIGRATIONS (src/server/db/migrations) and
 * the same rule, append only: a released step is never edited. A step whose SQLite text is also valid PostgreSQL with
 * the same meaning is used as it is; the others have a PostgreSQL twin here. A step only one engine needs is added to
 * both lists under one number, with an empty body on the other engine.
 */
export const PG_MIGRATIONS: readonly Migration[] = [
  pgMigration001Auth,
  pgMigration002Content,
  pgMigration003VideoState,
  migration004VideoListCover,
  pgMigration005VideoSearch,
  pgMigration006UploadsAnalysis,
  pgMigration007CatalogLists,
  pgMigration008TranscriptTerms,
  pgMigration009SearchSnapshots,
  migration010ReportDefinitions,
  pgMigration011Assistant,
  pgMigration012ChatTimetokens,
  pgMigration013Widgets,
  migration014PublishJobs,
  pgMigration015Integrations,
  migration016PublishPayloadBytes,
  migration017RefreshSessions,
  pgMigration018SecretsAtRest,
  migration019RefreshRotationGrace,
  pgMigration020CampaignSubmissions,
  migration021ReportHighlight,
  migration022DemoSeedAnchor,
  pgMigration023TranscriptPairPositions,
  pgMigration024BrandMarkVersions,
  pgMigration025TranscriptTermTrigrams,
  pgMigration026LimiterAttempts,
  migration027JobClaims,
  pgMigration028Team,
  pgMigration029BrandChanges,
  pgMigration030BrandChangeTimes,
  pgMigration031PersonalFavorites,
  pgMigration032TranscriptTriples,
  pgMigration033ProductLinkSentiment,
  pgMigration034UnanalysedLabels,
  pgMigration035InvitationSignUps,
  pgMigration036AttributedChanges,
  pgMigration037SubmissionRating,
  pgMigration038HeardAndRead,
];
