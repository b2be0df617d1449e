import { useAtomValue } from 'jotai';
import { useCallback, useId, useMemo, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { DATE_RANGES } from '../../../shared/constants';
import type { Report } from '../../../shared/http/reports.schemas';
import { DATE_RANGE_LABELS } from '../../../shared/labels';
import { buildReportDocument } from '../../../shared/reports/buildReportDocument';
import { actingIdentityAtom } from '../../app/session/session.atoms';
import { useServices } from '../../app/useServices';
import { useRemoteQuery } from '../../lib/useRemoteQuery';
import { EmptyState, PageHeader } from '../../ui/page';
import { Authorship, useMyRole } from '../team';
import { optionsOf, SelectField } from '../../ui/form';
import { RemoteView } from '../../ui/remote';
import { Tabs } from '../../ui/tabs';
import { fetchReport, fetchReportFigures, type Who } from './reports.api';
import { KIND_LABELS } from './reportLabels';
import { ReportActions } from './ReportActions';
import { ReportBuilder } from './ReportBuilder';
import { ReportDocumentView, type ReportTab } from './ReportDocumentView';
import { ReportExportButtons } from './ReportExportButtons';
import { ScheduleDialog } from './ScheduleDialog';
import { SpeechPassages } from './SpeechPassages';
import './reports.css';

/** A report's figures count the brand's videos as Home does (issue 29). */
const REPORT_FIGURES_LIVE = { kinds: ['video', 'flag', 'trash', 'analysis', 'label'] } as const;

type Window = (typeof DATE_RANGES)[number];
const WINDOWS = DATE_RANGES.filter((range) => range !== 'custom');

/** One report (spec §2): tabs, default overview; its window can be changed for a look without saving. */
export function ReportScreen() {
  const { id = '' } = useParams();
  const who = useAtomValue(actingIdentityAtom);
  if (!who) return <div className="page"><EmptyState title="No brand yet">Connect a brand to run reports on its videos.</EmptyState></div>;
  return <ReportPage key={id} id={id} who={who} />;
}

function ReportPage({ id, who }: { id: string; who: Who }) {
  const { api } = useServices();
  const navigate = useNavigate();
  const [version, setVersion] = useState(0);
  const report = useRemoteQuery(`${id}|${version}`, useCallback(() => fetchReport(api.main, who, id), [api, who, id]), { kinds: ['report'], touches: (change) => change.target_id === id });
  return (
    <div className="page report-page">
      <RemoteView state={report.state} what="the report" onRetry={report.reload}>
        {(body) => <ReportBody report={body} who={who} onChanged={() => setVersion((v) => v + 1)} onDeleted={() => navigate('/reports')} />}
      </RemoteView>
      {report.state.phase === 'failure' && <p><Link to="/reports">Back to the reports</Link></p>}
    </div>
  );
}

function ReportBody({ report, who, onChanged, onDeleted }: { report: Report; who: Who; onChanged: () => void; onDeleted: () => void }) {
  const { api } = useServices();
  const role = useMyRole();
  const panelId = useId();
  const [search] = useSearchParams();
  const [tab, setTab] = useState<ReportTab | 'passages'>(search.get('view') === 'all' ? 'all' : 'overview');
  const [window, setWindow] = useState<Window>(report.duration);
  const [editing, setEditing] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const override = useMemo(() => (window === report.duration ? {} : { duration: window }), [window, report.duration]);
  const figures = useRemoteQuery(`${report._id}|${report.updated_at}|${window}`, useCallback(() => fetchReportFigures(api.main, who, report._id, override), [api, who, report._id, override]), REPORT_FIGURES_LIVE);
  const shown = figures.state.phase === 'success' ? figures.state.body.scope.brand : null;
  const document = useMemo(() => (figures.state.phase === 'success' ? buildReportDocument(figures.state.body, new Date()) : null), [figures.state]);
  const tabs = [
    { value: 'overview' as const, label: 'Overview' },
    { value: 'charts' as const, label: 'Charts' },
    { value: 'tables' as const, label: 'Tables' },
    ...(report.type === 'speech' ? [{ value: 'passages' as const, label: 'Passages' }] : []),
    { value: 'all' as const, label: 'Everything' },
  ];
  return (
    <>
      <PageHeader
        title={report.title}
        description={<>
          {`${KIND_LABELS[report.type]} report${shown ? ` · ${shown.name}${shown.competitor ? ' (competitor)' : ''}` : ''}`}
          {report.owner && <> · owner <bdi>{report.owner.name}</bdi></>}
          {report.updated_by && <> · <Authorship verb="last edited" person={report.updated_by} at={report.updated_at} testId="report-editor" /></>}
        </>}
        actions={<>
          <ReportExportButtons who={who} reportId={report._id} window={override} title={report.title} />
          <button type="button" className="btn btn--small" onClick={() => setScheduling(true)}>Schedule</button>
          <button type="button" className="btn btn--small" onClick={() => setEditing(true)}>Edit</button>
          <ReportActions who={who} report={report} onChanged={onChanged} afterDelete={onDeleted} canDelete={role !== 'member'} />
        </>}
      />
      <nav className="report-breadcrumb" aria-label="Breadcrumb"><Link to="/reports">Reports</Link></nav>
      <div className="home-toolbar report-toolbar">
        <SelectField label="Window" value={window} onChange={setWindow} options={[
          ...(report.duration === 'custom' ? [{ value: 'custom' as const, label: `${report.start_date} – ${report.end_date}` }] : []),
          ...optionsOf(WINDOWS, (range) => `${DATE_RANGE_LABELS[range]}${range === report.duration ? ' (saved)' : ''}`),
        ]} />
        {document && <p className="report-lines">{document.lines.slice(1).map((line) => <span key={line}>{line}</span>)}</p>}
      </div>
      <Tabs label="Report views" items={tabs} value={tab} onChange={setTab} panelId={panelId} />
      <div id={panelId} role="tabpanel" className="report-panel">
        {tab === 'passages' ? (
          <SpeechPassages key={report.highlight} who={who} report={report} duration={window} />
        ) : (
          <RemoteView state={figures.state} what="the figures" onRetry={figures.reload}>
            {() => (document ? <ReportDocumentView document={document} tab={tab} /> : null)}
          </RemoteView>
        )}
      </div>
      {scheduling && <ScheduleDialog who={who} report={report} onClose={() => setScheduling(false)} />}
      {editing && <ReportBuilder who={who} report={report} onClose={() => setEditing(false)} onSaved={onChanged} />}
    </>
  );
}
