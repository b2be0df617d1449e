import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { MESSAGES } from '../../../shared/messages';
import { countLabel } from '../../../shared/rules/formatting';
import { PUBLISH_BLOCKED } from '../../../shared/rules/licensing';
import { APP_MANAGER_TAB_LABELS, APP_MANAGER_TABS, type AppManagerTab, type AppManagerVideo, type PublishJob } from '../../../shared/http/publishing.schemas';
import { backendInfoAtom } from '../../app/boot/boot.atoms';
import { actingIdentityAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { formatDate } from '../../lib/format';
import { Authorship } from '../team';
import { toFailure } from '../../lib/httpFailure';
import { useRemoteQuery } from '../../lib/useRemoteQuery';
import { ConfirmDialog } from '../../ui/dialog';
import { FormAlert, SelectField } from '../../ui/form';
import { EmptyState, PageHeader } from '../../ui/page';
import { resolveMediaUrl } from '../../ui/player/playerSource';
import { RemoteView } from '../../ui/remote';
import { Pager } from '../../ui/pager';
import { Tabs } from '../../ui/tabs';
import { fetchAppManagerVideos, publishingApi, type Who } from './appManager.api';
import { blockedInSelection } from './selectionBlocks';
import './appManager.css';
import { VideoThumb } from '../../ui/thumb';

/** A publish job reaching the app, a new, edited or trashed video, a license ending change the app manager (issue 29). */
const APP_MANAGER_LIVE = { kinds: ['publish', 'video', 'trash', 'license'] } as const;

const PAGE_SIZE = 25;
const SHOW_OPTIONS = [{ value: 'all' as const, label: 'Every video' }, { value: 'published' as const, label: 'Published only' }];
type Ask = { ids: string[]; titles: string[]; published: boolean };

/** App manager (spec §2): the brand's videos for the shopper app by tab (brand, shopper, view all), published and unpublished with their state. */
export function AppManagerScreen() {
  const who = useAtomValue(actingIdentityAtom);
  return (
    <div className="page app-manager">
      <PageHeader title="App manager" description="What your shopper app shows: publish your videos and licensed creator videos, follow each to the app, and take them down." />
      {who ? <AppManager who={who} /> : <EmptyState title="No brand yet">Connect a brand to publish to the shopper app.</EmptyState>}
    </div>
  );
}

/** The short words of the rights gate's reasons; the whole reason is read out and shown on hover. */
const BLOCK_LABELS: Readonly<Record<string, string>> = { [PUBLISH_BLOCKED.unlicensed]: 'Needs a license', [PUBLISH_BLOCKED.expired]: 'License expired', [PUBLISH_BLOCKED.analysing]: 'Still analysing' };

/** How a job names its teammate: under a finished state ("Published 26 Nov") just "by Maya"; while it runs or after it failed, who asked. */
const publishVerb = (job: PublishJob): string => (job.state === 'published' || job.state === 'unpublished' ? '' : 'Asked');

function stateText(video: AppManagerVideo, job: PublishJob | null): { text: string; tone: 'ok' | 'busy' | 'bad' | 'idle'; detail?: string } {
  if (job && (job.state === 'queued' || job.state === 'processing')) return { text: job.state === 'queued' ? `Queued to ${job.action}` : `${job.action === 'publish' ? 'Publishing' : 'Unpublishing'}…`, tone: 'busy' };
  if (job?.state === 'failed') return { text: `Failed: ${job.error ?? MESSAGES.publishFailed}`, tone: 'bad' };
  if (video.published) return { text: video.app_published_at ? `Published ${formatDate(video.app_published_at)}` : 'Published', tone: 'ok' };
  if (video.blocked) return { text: BLOCK_LABELS[video.blocked] ?? video.blocked, tone: 'bad', detail: video.blocked };
  return { text: 'Not published', tone: 'idle' };
}

function AppManager({ who }: { who: Who }) {
  const { api } = useServices();
  const calls = useMemo(() => publishingApi(api, who), [api, who]);
  const origin = useAtomValue(backendInfoAtom)?.origin ?? '';
  const panelId = useId();
  const [params, setParams] = useSearchParams();
  const tab: AppManagerTab = (APP_MANAGER_TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as AppManagerTab) : 'brand';
  const [show, setShow] = useState<'all' | 'published'>('all');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  // The selected rows themselves (not only their ids): a bulk publish is checked against their rights before it is sent.
  const [selected, setSelected] = useState<Map<string, AppManagerVideo>>(new Map());
  const [live, setLive] = useState<Map<string, PublishJob>>(new Map());
  const [ask, setAsk] = useState<Ask | null>(null);
  const [pollError, setPollError] = useState<string | null>(null);
  const abort = useRef(new AbortController());
  useEffect(() => () => abort.current.abort(), []);

  const list = useRemoteQuery(`app-manager|${who.brand_id}|${tab}|${show}|${search}|${page}`,
    useCallback(() => fetchAppManagerVideos(api.main, who, { tab, show, search, page, per_page: PAGE_SIZE }), [api, who, tab, show, search, page]), APP_MANAGER_LIVE);
  const setTab = (next: AppManagerTab) => { setParams(next === 'brand' ? {} : { tab: next }, { replace: true }); setPage(1); setSelected(new Map()); };
  const counts = list.state.phase === 'success' ? list.state.body.counts : null;
  const blockedId = useId();
  const cannotGo = useMemo(() => blockedInSelection(selected.values(), new Date()), [selected]);
  const items = APP_MANAGER_TABS.map((value) => ({ value, label: counts ? `${APP_MANAGER_TAB_LABELS[value]} (${counts[value]})` : APP_MANAGER_TAB_LABELS[value] }));

  const run = async ({ ids, published }: Ask): Promise<string> => {
    let answer;
    try {
      answer = await calls.publish(ids, published);
    } catch (failure) {
      throw new Error(`${MESSAGES.publishFailed}: ${toFailure(failure).error}`, { cause: failure });
    }
    setLive((current) => new Map([...current, ...answer.jobs.map((job) => [job.video_id, job] as const)]));
    setSelected(new Map());
    void Promise.all(answer.jobs.map((job) => calls.follow(job, (next) => setLive((current) => new Map(current).set(next.video_id, next)), abort.current.signal)))
      .then(() => list.reload(), (failure: unknown) => setPollError(`${MESSAGES.publishStateFailed}: ${toFailure(failure).error}`));
    return answer.message;
  };

  return (
    <>
      <Tabs label="App manager tabs" items={items} value={tab} onChange={setTab} panelId={panelId} />
      <div id={panelId} role="tabpanel" className="app-manager__panel">
        <div className="app-manager__toolbar">
          <label className="toolbar-field">
            <span>Search videos</span>
            <input className="input" type="search" value={search} maxLength={200} onChange={(event) => { setSearch(event.target.value); setPage(1); }} />
          </label>
          <SelectField label="Show" value={show} options={SHOW_OPTIONS} onChange={(value) => { setShow(value); setPage(1); }} />
          <span className="app-manager__selected" role="status">{selected.size > 0 ? `${selected.size} selected` : ''}</span>
          <button type="button" className="btn" disabled={selected.size === 0 || cannotGo.length > 0} aria-describedby={cannotGo.length > 0 ? blockedId : undefined}
            onClick={() => setAsk({ ids: [...selected.keys()], titles: [], published: true })}>Publish selected</button>
          <button type="button" className="btn" disabled={selected.size === 0} onClick={() => setAsk({ ids: [...selected.keys()], titles: [], published: false })}>Unpublish selected</button>
        </div>
        {cannotGo.length > 0 && (
          <div id={blockedId} className="form-alert form-alert--error app-manager__blocked" role="status">
            <p>{cannotGo.length === 1 ? 'One selected video cannot be published' : `${cannotGo.length} selected videos cannot be published`}; unselect {cannotGo.length === 1 ? 'it' : 'them'} to publish the rest:</p>
            <ul>{cannotGo.map((video) => <li key={video.id}><bdi>“{video.title}”</bdi>: {video.reason}</li>)}</ul>
          </div>
        )}
        {pollError && <FormAlert tone="error">{pollError}</FormAlert>}
        <RemoteView state={list.state} what="the shopper app's videos" onRetry={list.reload}>
          {(body) => body.videos.length === 0
            ? <EmptyState title={search ? 'No video matches' : 'Nothing here yet'}>{search ? 'Try another word.' : show === 'published' ? 'Nothing of this tab is in the shopper app yet.' : 'No video in this tab.'}</EmptyState>
            : (
              <>
                <table className="home-table app-manager__table" aria-label="Shopper app videos">
                  <thead><tr>
                    <th scope="col"><input type="checkbox" aria-label="Select every video on this page" checked={body.videos.every((v) => selected.has(v._id))}
                      onChange={(event) => setSelected(event.target.checked ? new Map(body.videos.map((v) => [v._id, v])) : new Map())} /></th>
                    <th scope="col">Video</th><th scope="col">Made by</th><th scope="col">State</th><th scope="col">Actions</th>
                  </tr></thead>
                  <tbody>
                    {body.videos.map((video) => {
                      const job = live.get(video._id) ?? video.job;
                      const state = stateText(video, job);
                      const busy = state.tone === 'busy';
                      return (
                        <tr key={video._id}>
                          <td><input type="checkbox" aria-label={`Select ${video.title}`} checked={selected.has(video._id)}
                            onChange={() => setSelected((current) => { const next = new Map(current); if (!next.delete(video._id)) next.set(video._id, video); return next; })} /></td>
                          <th scope="row" className="app-manager__video">
                            <VideoThumb src={video.thumbnail_url && resolveMediaUrl(video.thumbnail_url, origin)} title={video.title} />
                            <span>{video.title}</span>
                          </th>
                          <td>{video.by_brand ? 'Your brand' : video.creator_name ?? 'A creator'}</td>
                          <td>
                            <span className={`publish-state publish-state--${state.tone}`} title={state.detail}>{state.text}</span>
                            {state.detail && <span className="visually-hidden">: {state.detail}</span>}
                            {job?.requested_by && <><br /><Authorship verb={publishVerb(job)} person={job.requested_by} at={job.created_at} testId="publish-by" /></>}
                          </td>
                          <td>
                            {video.published
                              ? <button type="button" className="btn btn--small" disabled={busy} onClick={() => setAsk({ ids: [video._id], titles: [video.title], published: false })}>Unpublish</button>
                              : <button type="button" className="btn btn--small" disabled={busy || video.blocked !== null} title={video.blocked ?? undefined}
                                onClick={() => setAsk({ ids: [video._id], titles: [video.title], published: true })}>Publish</button>}
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
                <p className="field__hint">{countLabel(body.total, 'video')}</p>
                <Pager page={page} totalPages={Math.ceil(body.total / PAGE_SIZE)} onPage={setPage} />
              </>
            )}
        </RemoteView>
      </div>
      {ask && (
        <ConfirmDialog title={ask.published ? 'Publish to the shopper app' : 'Unpublish video'}
          question={ask.titles.length === 1
            ? <>{ask.published ? 'Publish' : 'Take'} “{ask.titles[0]}” {ask.published ? 'to' : 'out of'} the shopper app?</>
            : <>{ask.published ? 'Publish' : 'Take'} {countLabel(ask.ids.length, 'video')} {ask.published ? 'to' : 'out of'} the shopper app?</>}
          onConfirm={() => run(ask)} onClose={() => setAsk(null)} />
      )}
    </>
  );
}
