import { useAtomValue } from 'jotai';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Widget } from '../../../shared/http/widgets.schemas';
import { countLabel } from '../../../shared/rules/formatting';
import { actingIdentityAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { formatDate } from '../../lib/format';
import { Authorship, useMyRole } from '../team';
import { useRemoteQuery } from '../../lib/useRemoteQuery';
import { ConfirmDialog } from '../../ui/dialog';
import { EmptyState, PageHeader } from '../../ui/page';
import { RemoteView } from '../../ui/remote';
import { Tabs } from '../../ui/tabs';
import { PlaylistsPanel } from './PlaylistsPanel';
import { SnippetDialog } from './SnippetDialog';
import { WidgetThumbs } from './WidgetThumbs';
import { metricsApi, type MetricsApi, type Who } from './widgets.api';
import './widgets.css';

/** A teammate's new, edited or deleted widget shows in the list (issue 29). */
const WIDGETS_LIVE = { kinds: ['widget'] } as const;

type Tab = 'widgets' | 'playlists';
const TABS = [{ value: 'widgets' as const, label: 'Widgets' }, { value: 'playlists' as const, label: 'Playlists' }];

/** Widgets (spec §2): the brand's shoppable carousels and its playlists. */
export function WidgetsScreen() {
  const who = useAtomValue(actingIdentityAtom);
  return (
    <div className="page widgets-page">
      <PageHeader title="Widgets" description="Shoppable video carousels for your shop's pages, and the playlists they show."
        actions={who ? <Link className="btn btn--primary" to="/widgets/new">New widget</Link> : undefined} />
      {who ? <WidgetTabs who={who} /> : <EmptyState title="No brand yet">Connect a brand to build widgets.</EmptyState>}
    </div>
  );
}

function WidgetTabs({ who }: { who: Who }) {
  const { api } = useServices();
  const calls = useMemo(() => metricsApi(api, who), [api, who]);
  const panelId = useId();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'playlists' ? 'playlists' : 'widgets';
  return (
    <>
      <Tabs label="Widget tabs" items={TABS} value={tab} onChange={(next) => setParams(next === 'widgets' ? {} : { tab: next }, { replace: true })} panelId={panelId} />
      <div id={panelId} role="tabpanel" className="widgets-panel">
        {tab === 'widgets' ? <WidgetList who={who} calls={calls} /> : <PlaylistsPanel who={who} calls={calls} />}
      </div>
    </>
  );
}

function WidgetList({ who, calls }: { who: Who; calls: MetricsApi }) {
  const list = useRemoteQuery(`widgets|${who.brand_id}`, useCallback(() => calls.widgets(), [calls]), WIDGETS_LIVE);
  const [snippetFor, setSnippetFor] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<Widget | null>(null);
  // Deleting for good is a manager's (the metrics API refuses a member's key); a member is not offered it.
  const canDelete = useMyRole() !== 'member';
  return (
    <>
      <RemoteView state={list.state} what="your widgets" onRetry={list.reload}>
        {(widgets) => widgets.length === 0
          ? <EmptyState icon="widgets" title="No widgets yet">Build a carousel from at least five of your videos and embed it on your shop. <Link to="/widgets/new">Build a widget</Link></EmptyState>
          : (
            <ul className="widget-grid" aria-label="Widgets">
              {widgets.map((widget) => (
                <li key={widget._id} className="card widget-card">
                  <WidgetThumbs videos={widget.videos} ratio={widget.activeRatio} />
                  <h2 className="widget-card__title"><Link to={`/widgets/${widget._id}`}>{widget.title}</Link></h2>
                  <p className="field__hint">
                    {countLabel(widget.videos.length, 'video')} · {countLabel(widget.videos.reduce((n, v) => n + v.settings.products.length, 0), 'product tag')} · {widget.activeRatio} · updated {formatDate(widget.updated_at)}
                  </p>
                  {(widget.created_by || widget.updated_by) && (
                    <p className="widget-card__authors">
                      <Authorship verb="Created" person={widget.created_by} testId="widget-creator" />
                      {widget.created_by && widget.updated_by && <br />}
                      <Authorship verb="Last edited" person={widget.updated_by} at={widget.updated_at} testId="widget-editor" />
                    </p>
                  )}
                  {widget.notes && <p className="widget-card__notes">{widget.notes}</p>}
                  <div className="widget-card__actions">
                    <Link className="btn btn--small" to={`/widgets/${widget._id}`}>Edit</Link>
                    <Link className="btn btn--small" to={`/widgets/${widget._id}/analytics`}>Analytics</Link>
                    <button type="button" className="btn btn--small" onClick={() => setSnippetFor(widget._id)}>Get snippet</button>
                    {canDelete && <button type="button" className="btn btn--small" onClick={() => setDeleting(widget)} aria-label={`Delete ${widget.title}`}>Delete</button>}
                  </div>
                </li>
              ))}
            </ul>
          )}
      </RemoteView>
      {snippetFor && <SnippetDialog calls={calls} widgetId={snippetFor} onClose={() => setSnippetFor(null)} />}
      {deleting && (
        <ConfirmDialog title="Delete widget?" question={<>Delete “{deleting.title}”? Pages that embed it will show nothing; its videos stay in your library.</>}
          onConfirm={async () => { await calls.deleteWidget(deleting._id); return `“${deleting.title}” was deleted.`; }}
          onClose={(done) => { setDeleting(null); if (done) list.reload(); }} />
      )}
    </>
  );
}
