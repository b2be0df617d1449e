import { useAtomValue } from 'jotai';
import { useCallback, useId, useState } from 'react';
import { Authorship, useMyRole } from '../team';
import { Link, useNavigate } from 'react-router-dom';
import { DEFAULT_REPORT_LIST_TAB, REPORT_LIST_TABS, type Report, type ReportListTab } from '../../../shared/http/reports.schemas';
import { DATE_RANGE_LABELS } from '../../../shared/labels';
import { actingIdentityAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { formatDateTime } from '../../lib/format';
import { useRemoteQuery } from '../../lib/useRemoteQuery';
import { EmptyState, PageHeader } from '../../ui/page';
import { RemoteView } from '../../ui/remote';
import { Tabs } from '../../ui/tabs';
import { fetchReports, type Who } from './reports.api';
import { KIND_LABELS } from './reportLabels';
import { ReportActions } from './ReportActions';
import { ReportBuilder } from './ReportBuilder';
import './reports.css';

/** A teammate's new, renamed or deleted report shows in the list (issue 29). */
const REPORTS_LIVE = { kinds: ['report'] } as const;

const tabLabel = (tab: ReportListTab) => (tab === 'All Reports' ? tab : KIND_LABELS[tab]);

/** Reports (spec §2): saved reports by kind, tab default All Reports; new, open, rename, duplicate, delete. */
export function ReportsScreen() {
  const who = useAtomValue(actingIdentityAtom);
  const [building, setBuilding] = useState(false);
  const navigate = useNavigate();
  return (
    <div className="page reports-page">
      <PageHeader
        title="Reports"
        description="Custom, demographic, sentiment, engagement and speech reports about your brand and its competitors, exported to PDF or CSV."
        actions={who && <button type="button" className="btn btn--primary" onClick={() => setBuilding(true)}>New report</button>}
      />
      {who ? <ReportList who={who} /> : <EmptyState title="No brand yet">Connect a brand to run reports on its videos.</EmptyState>}
      {building && who && <ReportBuilder who={who} onClose={() => setBuilding(false)} onSaved={(report) => navigate(`/reports/${report._id}`)} />}
    </div>
  );
}

function ReportList({ who }: { who: Who }) {
  const role = useMyRole();
  const { api } = useServices();
  const panelId = useId();
  const [tab, setTab] = useState<ReportListTab>(DEFAULT_REPORT_LIST_TAB);
  const [search, setSearch] = useState('');
  const list = useRemoteQuery(`${who.brand_id}|${tab}|${search}`, useCallback(() => fetchReports(api.main, who, tab, search), [api, who, tab, search]), REPORTS_LIVE);
  const counts = list.state.phase === 'success' ? list.state.body.counts : null;
  const items = REPORT_LIST_TABS.map((value) => ({ value, label: counts ? `${tabLabel(value)} (${counts[value]})` : tabLabel(value) }));
  return (
    <>
      <Tabs label="Report kinds" items={items} value={tab} onChange={setTab} panelId={panelId} />
      <div id={panelId} role="tabpanel" className="reports-list">
        <label className="toolbar-field reports-search">
          <span>Search reports</span>
          <input className="input" type="search" value={search} maxLength={200} placeholder="Title" onChange={(event) => setSearch(event.target.value)} />
        </label>
        <RemoteView state={list.state} what="the reports" onRetry={list.reload}>
          {(body) => body.reports.length === 0 ? (
            <EmptyState title={search ? 'No report has that title' : 'No reports here yet'}>
              {search ? 'Try another word, or clear the search.' : 'Use "New report" to choose what to measure, over which window and against which one.'}
            </EmptyState>
          ) : (
            <div className="home-table-scroll">
              <table className="home-table reports-table">
                <thead>
                  <tr><th scope="col">Report</th><th scope="col">Kind</th><th scope="col">Window</th><th scope="col">Owner</th><th scope="col">Changed</th><th scope="col"><span className="visually-hidden">Actions</span></th></tr>
                </thead>
                <tbody>
                  {body.reports.map((report: Report) => (
                    <tr key={report._id}>
                      <th scope="row"><Link to={`/reports/${report._id}`}><bdi>{report.title}</bdi></Link></th>
                      <td>{KIND_LABELS[report.type]}</td>
                      <td>{report.duration === 'custom' && report.start_date && report.end_date ? `${report.start_date} – ${report.end_date}` : DATE_RANGE_LABELS[report.duration]}</td>
                      <td data-testid="report-owner">{report.owner ? <bdi>{report.owner.name}</bdi> : '—'}</td>
                      <td>
                        {formatDateTime(report.updated_at)}
                        {report.updated_by && <><br /><Authorship verb="Last edited" person={report.updated_by} testId="report-editor" /></>}
                      </td>
                      <td className="reports-table__actions"><ReportActions who={who} report={report} onChanged={list.reload} canDelete={role !== 'member'} /></td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </RemoteView>
      </div>
    </>
  );
}
