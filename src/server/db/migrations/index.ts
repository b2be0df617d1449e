import { migration001Auth } from './001_auth';
import { migration002Content } from './002_content';
import { migration003VideoState } from './003_video_state';
import { migration004VideoListCover } from './004_video_list_cover';
import { migration005VideoSearch } from './005_video_search';
import { migration006UploadsAnalysis } from './006_uploads_analysis';
import { migration007CatalogLists } from './007_catalog_lists';
import { migration008TranscriptTerms } from './008_transcript_terms';
import { migration009SearchSnapshots } from './009_search_snapshots';
import { migration010ReportDefinitions } from './010_report_definitions';
import { migration011Assistant } from './011_assistant';
import { migration012ChatTimetokens } from './012_chat_timetokens';
import { migration013Widgets } from './013_widgets';
import { migration014PublishJobs } from './014_publish_jobs';
import { migration015Integrations } from './015_integrations';
import { migration016PublishPayloadBytes } from './016_publish_payload_bytes';
import { migration017RefreshSessions } from './017_refresh_sessions';
import { migration018SecretsAtRest } from './018_secrets_at_rest';
import { migration019RefreshRotationGrace } from './019_refresh_rotation_grace';
import { migration020CampaignSubmissions } from './020_campaign_submissions';
import { migration021ReportHighlight } from './021_report_highlight';
import { migration022DemoSeedAnchor } from './022_demo_seed_anchor';
import { migration023TranscriptPairPositions } from './023_transcript_pair_positions';
import { migration024BrandMarkVersions } from './024_brand_mark_versions';
import { migration025TranscriptTermTrigrams } from './025_transcript_term_trigrams';
import { migration026LimiterAttempts } from './026_limiter_attempts';
import { migration027JobClaims } from './027_job_claims';
import { migration028Team } from './028_team';
import { migration029BrandChanges } from './029_brand_changes';
import { migration030BrandChangeTimes } from './030_brand_change_times';
import { migration031PersonalFavorites } from './031_personal_favorites';
import { migration032TranscriptTriples } from './032_transcript_triples';
import { migration033ProductLinkSentiment } from './033_product_link_sentiment';
import { migration034UnanalysedLabels } from './034_unanalysed_labels';
import { migration035InvitationSignUps } from './035_invitation_sign_ups';
import { migration036AttributedChanges } from './036_attributed_changes';
import { migration037SubmissionRating } from './037_submission_rating';
import { migration038HeardAndRead } from './038_heard_and_read';

/** A forward-only schema step; `version` is its position and never changes once released. */
export interface Migration {
  version: number;
  name: string;
  /** SQL run inside one transaction. */
  up: string;
}

/** Every migration in order. Append only: a released migration is never edited. */
export const MIGRATIONS: readonly Migration[] = [migration001Auth, migration002Content, migration003VideoState, migration004VideoListCover, migration005VideoSearch, migration006UploadsAnalysis, migration007CatalogLists, migration008TranscriptTerms, migration009SearchSnapshots, migration010ReportDefinitions, migration011Assistant, migration012ChatTimetokens, migration013Widgets, migration014PublishJobs, migration015Integrations, migration016PublishPayloadBytes, migration017RefreshSessions, migration018SecretsAtRest, migration019RefreshRotationGrace, migration020CampaignSubmissions, migration021ReportHighlight, migration022DemoSeedAnchor, migration023TranscriptPairPositions, migration024BrandMarkVersions, migration025TranscriptTermTrigrams, migration026LimiterAttempts, migration027JobClaims, migration028Team, migration029BrandChanges, migration030BrandChangeTimes, migration031PersonalFavorites, migration032TranscriptTriples, migration033ProductLinkSentiment, migration034UnanalysedLabels, migration035InvitationSignUps, migration036AttributedChanges, migration037SubmissionRating, migration038HeardAndRead];
