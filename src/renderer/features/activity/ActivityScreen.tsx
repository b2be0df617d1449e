import { useAtomValue } from 'jotai';
import { useCallback, useState } from 'react';
import { Link } from 'react-router-dom';
import type { ActivityEntry, ActivityPage } from '../../../shared/http/activity.schemas';
import { CHANGE_KINDS, type ChangeKind } from '../../../shared/http/liveChanges.schemas';
import { actingIdentityAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { formatDateTime } from '../../lib/format';
import { toFailure } from '../../lib/httpFailure';
import { useRemoteQuery } from '../../lib/useRemoteQuery';
import { FormAlert, SelectField } from '../../ui/form';
import { EmptyState, PageHeader } from '../../ui/page';
import { RemoteView } from '../../ui/remote';
import { entryLink, fetchActivity, type ActivityFilters } from './activity.api';
import { activityWords } from './activityWords';
import './activity.css';

/** What each kind of change is called on screen. */
export const KIND_LABELS: Readonly<Record<ChangeKind, string>> = {
  video: 'Video', note: 'Note', flag: 'Flag', favorite: 'Favorite', trash: 'Trash', label: 'Audience label', report: 'Report',
  campaign: 'Campaign', widget: 'Widget or playlist', license: 'License', publish: 'Publishing', analysis: 'Analysis', analysis_progress: 'Analysis progress', team: 'Team',
};
/** Every change refreshes the view: it lists all of them. */
const ACTIVITY_LIVE = { kinds: CHANGE_KINDS };
const NO_FILTERS: ActivityFilters = { person: '', kind: '', from: '', to: '' };

/** The brand's activity (issue 29): who did what, by person, kind and days, each entry a link to what it changed. */
export function ActivityScreen() {
  const who = useAtomValue(actingIdentityAtom);
  return (
    <div className="page activity">
      <PageHeader title="Activity" description="Who did what in your brand: uploads, publishing, licenses, campaigns, the team and more, newest first." />
      {who ? <Activity brandId={who.brand_id} /> : <EmptyState title="No brand yet">Connect a brand to see its activity.</EmptyState>}
    </div>
  );
}

function Activity({ brandId }: { brandId: string }) {
  const { api } = useServices();
  const [filters, setFilters] = useState<ActivityFilters>(NO_FILTERS);
  const [older, setOlder] = useState<{ entries: ActivityEntry[]; cursor: string | null } | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [olderError, setOlderError] = useState<string | null>(null);
  const first = useRemoteQuery(`activity|${brandId}|${JSON.stringify(filters)}`,
    useCallback(() => fetchActivity(api.main, brandId, filters), [api, brandId, filters]), ACTIVITY_LIVE);
  // New filters start again from the newest page.
  const applyFilters = (next: ActivityFilters) => {
    setFilters(next);
    setOlder(null);
    setOlderError(null);
  };
  const set = (patch: Partial<ActivityFilters>) => applyFilters({ ...filters, ...patch });

  const loadOlder = async (page: ActivityPage) => {
    const cursor = older ? older.cursor : page.next_cursor;
    if (!cursor) return;
    setLoadingOlder(true);
    setOlderError(null);
    try {
      const next = (await fetchActivity(api.main, brandId, filters, cursor)).data;
      setOlder((current) => ({ entries: [...(current?.entries ?? []), ...next.entries], cursor: next.next_cursor }));
    } catch (error) {
      setOlderError(toFailure(error, 'load').error);
    } finally {
      setLoadingOlder(false);
    }
  };

  const people = first.state.phase === 'success' ? first.state.body.people : [];
  const filtered = Object.values(filters).some(Boolean);
  const rangeWrong = filters.from !== '' && filters.to !== '' && filters.from > filters.to;
  return (
    <section className="activity__panel" aria-label="Activity">
      <div className="activity__filters" role="group" aria-label="Filter the activity">
        <SelectField label="Person" value={filters.person} onChange={(person) => set({ person })}
          options={[{ value: '', label: 'Everyone' }, ...people.map((p) => ({ value: p.user_id, label: p.name }))]} />
        <SelectField<ChangeKind | ''> label="Kind" value={filters.kind} onChange={(kind) => set({ kind })}
          options={[{ value: '', label: 'Every kind' }, ...CHANGE_KINDS.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))]} />
        <label className="toolbar-field">
          <span>From</span>
          <input className="input" type="date" value={filters.from} max={filters.to || undefined} onChange={(event) => set({ from: event.target.value })} />
        </label>
        <label className="toolbar-field">
          <span>To</span>
          <input className="input" type="date" value={filters.to} min={filters.from || undefined} onChange={(event) => set({ to: event.target.value })} />
        </label>
        {filtered && (
          <button type="button" className="btn btn--small activity__clear" onClick={() => applyFilters(NO_FILTERS)}>Clear filters</button>
        )}
      </div>
      {rangeWrong && <FormAlert tone="error">The start day is after the end day. Choose a start day on or before the end day.</FormAlert>}
      <RemoteView state={first.state} what="the activity" onRetry={first.reload}>
        {(page) => {
          const seen = new Set<string>();
          const entries = [...page.entries, ...(older?.entries ?? [])].filter((entry) => !seen.has(entry.id) && seen.add(entry.id));
          const more = older ? older.cursor !== null : page.next_cursor !== null;
          if (entries.length === 0) {
            return <EmptyState title="No activity">{!filtered ? 'Nothing has been done in this brand yet.' : 'Nothing matches these filters. Clear them to see everything.'}</EmptyState>;
          }
          return (
            <>
              <ol className="activity__list" data-testid="activity-list">
                {entries.map((entry) => <ActivityRow key={entry.id} entry={entry} />)}
              </ol>
              {olderError && <FormAlert tone="error">Could not load older activity: {olderError}</FormAlert>}
              {more && (
                <button type="button" className="btn activity__more" disabled={loadingOlder} onClick={() => void loadOlder(page)}>
                  {loadingOlder ? 'Loading…' : 'Show older activity'}
                </button>
              )}
            </>
          );
        }}
      </RemoteView>
    </section>
  );
}

function ActivityRow({ entry }: { entry: ActivityEntry }) {
  const link = entryLink(entry);
  const title = entry.title ?? `A ${KIND_LABELS[entry.kind].toLowerCase()} no longer there`;
  const words = activityWords(entry);
  return (
    <li className="activity__entry" data-testid="activity-entry">
      <span className={`activity__kind activity__kind--${entry.kind}`}>{KIND_LABELS[entry.kind]}</span>
      <span className="activity__what">
        {/* A space, not a margin: in a right-to-left page the verb and an English title still read as one line of text. */}
        <span className="activity__verb">{words.verb}</span>{' '}
        {words.showTitle && (link ? <Link to={link}>{title}</Link> : <span>{title}</span>)}
      </span>
      <span className="activity__who">{entry.by ? entry.by.name || 'A teammate' : 'Reelscope'}</span>
      <span className="activity__when">{entry.at ? <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> : 'Earlier'}</span>
    </li>
  );
}
