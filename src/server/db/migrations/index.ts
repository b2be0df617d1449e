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
import { migration024TranscriptPairPositions } from './024_transcript_pair_positions';

/** A forward-only schema step; `version` is its position and never changes once released. */
export interface Migration {
  version: number;
  name: string;
  /** SQL run inside one transaction. */
  up: string;
}

/** Every migration in order. Append only: a released migration is never edited. */
export const MIGRATIONS: readonly Migration[] = [migration001Auth, migration002Content, migration003VideoState, migration004VideoListCover, migration005VideoSearch, migration006UploadsAnalysis, migration007CatalogLists, migration008TranscriptTerms, migration009SearchSnapshots, migration010ReportDefinitions, migration011Assistant, migration012ChatTimetokens, migration013Widgets, migration014PublishJobs, migration015Integrations, migration024TranscriptPairPositions];
