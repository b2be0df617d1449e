import { useEffect, useState } from 'react';
import { AGE_RANGES, DATE_RANGES, ETHNICITIES, GENDERS, PLATFORMS } from '../../../shared/constants';
import { REPORT_TYPES, type ReportType } from '../../../shared/domain/workspace';
import type { HomeOverview } from '../../../shared/http/home.schemas';
import {
  REPORT_COMPARISONS, REPORT_GRAPH_TYPES, REPORT_KIND_METRICS, REPORT_METRICS, ReportDefinitionSchema,
  type Report, type ReportDefinition, type ReportMetric,
} from '../../../shared/http/reports.schemas';
import { NOTE_FILTER_VALUES } from '../../../shared/http/videoList.schemas';
import { DATE_RANGE_LABELS, platformLabel, valueLabel } from '../../../shared/labels';
import { useServices } from '../../app/useServices';
import { toFailure } from '../../lib/httpFailure';
import { Modal } from '../../ui/dialog';
import { FormAlert, TextField } from '../../ui/form';
import { createReport, updateReport, type Who } from './reports.api';
import { KIND_LABELS, METRIC_LABELS } from './reportLabels';

const NOTE_LABELS = { has_note: 'With a note', no_note: 'Without a note' } as const;
const COMPARISON_LABELS = { previous: 'The period before, of the same length', none: 'Nothing', custom: 'Dates I choose' } as const;

interface ReportBuilderProps {
  who: Who;
  /** Editing a saved report; absent: a new one. */
  report?: Report;
  onClose: () => void;
  onSaved: (report: Report) => void;
}

const blank = (type: ReportType): ReportDefinition => ReportDefinitionSchema.parse({ type, title: `${KIND_LABELS[type]} report`, metrics: type === 'custom' ? [...REPORT_KIND_METRICS.custom] : [] });

/** Chooses a report's kind, metrics (custom), window, comparison window and filters; saves it (issue 12). */
export function ReportBuilder({ who, report, onClose, onSaved }: ReportBuilderProps) {
  const { api } = useServices();
  const [draft, setDraft] = useState<ReportDefinition>(() => (report ? ReportDefinitionSchema.parse(report) : blank('custom')));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [competitors, setCompetitors] = useState<{ id: string; name: string }[]>([]);
  useEffect(() => {
    let live = true;
    api.main.get<HomeOverview>('/home', { params: who })
      .then((response) => live && setCompetitors(response.data.brands.filter((brand) => brand.competitor)))
      .catch(() => undefined);
    return () => { live = false; };
  }, [api, who]);

  const set = <K extends keyof ReportDefinition>(key: K, value: ReportDefinition[K]) => { setDraft((current) => ({ ...current, [key]: value })); setError(null); };
  const setFilter = <K extends keyof ReportDefinition['filters']>(key: K, value: ReportDefinition['filters'][K]) => set('filters', { ...draft.filters, [key]: value });
  const toggle = <T extends string>(list: readonly T[], value: T): T[] => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]);

  const save = async () => {
    const clean = (list: readonly string[]) => list.map((item) => item.trim()).filter((item) => item !== '');
    const checked = ReportDefinitionSchema.safeParse({ ...draft, filters: { ...draft.filters, category: clean(draft.filters.category), pov: clean(draft.filters.pov) } });
    if (!checked.success) return setError(checked.error.issues[0]?.message ?? 'Check the report.');
    setBusy(true);
    try {
      const saved = report ? (await updateReport(api.main, who, report._id, checked.data)).data : (await createReport(api.main, who, checked.data)).data;
      onSaved(saved);
      onClose();
    } catch (failure) {
      setError(toFailure(failure, 'action').error);
      setBusy(false);
    }
  };

  return (
    <Modal
      title={report ? 'Edit report' : 'New report'}
      onDismiss={onClose}
      size="wide"
      actions={<>
        <button type="button" className="btn" onClick={onClose}>Cancel</button>
        <button type="submit" form="report-builder" className="btn btn--primary" disabled={busy}>{busy ? 'Saving…' : 'Save report'}</button>
      </>}
    >
      <form id="report-builder" className="report-builder" onSubmit={(event) => { event.preventDefault(); void save(); }}>
        {error && <FormAlert tone="error">{error}</FormAlert>}
        {!report && (
          <label className="toolbar-field">
            <span>Kind</span>
            <select className="select" value={draft.type} onChange={(event) => setDraft({ ...blank(event.target.value as ReportType), filters: draft.filters, duration: draft.duration })}>
              {REPORT_TYPES.map((type) => <option key={type} value={type}>{KIND_LABELS[type]}</option>)}
            </select>
          </label>
        )}
        <TextField label="Title" value={draft.title} maxLength={120} onChange={(event) => set('title', event.target.value)} />
        {draft.type === 'custom' && (
          <fieldset className="report-builder__group">
            <legend>Show</legend>
            {REPORT_METRICS.map((metric: ReportMetric) => (
              <label key={metric} className="check"><input type="checkbox" checked={draft.metrics.includes(metric)} onChange={() => set('metrics', toggle(draft.metrics, metric))} /> {METRIC_LABELS[metric]}</label>
            ))}
          </fieldset>
        )}
        <div className="report-builder__row">
          <label className="toolbar-field">
            <span>Window</span>
            <select className="select" value={draft.duration} onChange={(event) => set('duration', event.target.value as ReportDefinition['duration'])}>
              {DATE_RANGES.map((range) => <option key={range} value={range}>{DATE_RANGE_LABELS[range]}</option>)}
            </select>
          </label>
          {draft.duration === 'custom' && <>
            <TextField label="From" type="date" value={draft.start_date ?? ''} onChange={(event) => set('start_date', event.target.value || null)} />
            <TextField label="To" type="date" value={draft.end_date ?? ''} onChange={(event) => set('end_date', event.target.value || null)} />
          </>}
        </div>
        <div className="report-builder__row">
          <label className="toolbar-field">
            <span>Compare with</span>
            <select className="select" value={draft.comparison} onChange={(event) => set('comparison', event.target.value as ReportDefinition['comparison'])}>
              {REPORT_COMPARISONS.map((value) => <option key={value} value={value}>{COMPARISON_LABELS[value]}</option>)}
            </select>
          </label>
          {draft.comparison === 'custom' && <>
            <TextField label="Compare from" type="date" value={draft.compare_start_date ?? ''} onChange={(event) => set('compare_start_date', event.target.value || null)} />
            <TextField label="Compare to" type="date" value={draft.compare_end_date ?? ''} onChange={(event) => set('compare_end_date', event.target.value || null)} />
          </>}
          <label className="toolbar-field">
            <span>Charts</span>
            <select className="select" value={draft.graph_type} onChange={(event) => set('graph_type', event.target.value as ReportDefinition['graph_type'])}>
              {REPORT_GRAPH_TYPES.map((type) => <option key={type} value={type}>{valueLabel(type)}</option>)}
            </select>
          </label>
        </div>
        <label className="toolbar-field">
          <span>Whose videos</span>
          <select className="select" value={draft.filters.competitor_brands} onChange={(event) => setFilter('competitor_brands', event.target.value)}>
            <option value="">My brand</option>
            {competitors.map((brand) => <option key={brand.id} value={brand.id}>{brand.name}</option>)}
          </select>
        </label>
        <CheckGroup legend="Platform" values={PLATFORMS} chosen={draft.filters.platform} label={platformLabel} onToggle={(value) => setFilter('platform', toggle(draft.filters.platform, value))} />
        <CheckGroup legend="Notes" values={NOTE_FILTER_VALUES} chosen={draft.filters.note} label={(value) => NOTE_LABELS[value]} onToggle={(value) => setFilter('note', toggle(draft.filters.note, value))} />
        <CheckGroup legend="Gender" values={GENDERS} chosen={draft.filters.demographic.gender} label={valueLabel} onToggle={(value) => setFilter('demographic', { ...draft.filters.demographic, gender: toggle(draft.filters.demographic.gender, value) })} />
        <CheckGroup legend="Age range" values={AGE_RANGES} chosen={draft.filters.demographic.age_range} label={(value) => value} onToggle={(value) => setFilter('demographic', { ...draft.filters.demographic, age_range: toggle(draft.filters.demographic.age_range, value) })} />
        <CheckGroup legend="Ethnicity" values={ETHNICITIES} chosen={draft.filters.demographic.ethnicity} label={valueLabel} onToggle={(value) => setFilter('demographic', { ...draft.filters.demographic, ethnicity: toggle(draft.filters.demographic.ethnicity, value) })} />
        <div className="report-builder__row">
          <TextField label="Categories" hint="Separated by commas" value={draft.filters.category.join(', ')} onChange={(event) => setFilter('category', splitList(event.target.value))} />
          <TextField label="Points of view" hint="Separated by commas" value={draft.filters.pov.join(', ')} onChange={(event) => setFilter('pov', splitList(event.target.value))} />
        </div>
      </form>
    </Modal>
  );
}

const splitList = (text: string): string[] => text.split(',').map((part) => part.trimStart()).filter((part, index, all) => part !== '' || index === all.length - 1).slice(0, 50);

function CheckGroup<T extends string>({ legend, values, chosen, label, onToggle }: { legend: string; values: readonly T[]; chosen: readonly T[]; label: (value: T) => string; onToggle: (value: T) => void }) {
  return (
    <fieldset className="report-builder__group">
      <legend>{legend}</legend>
      {values.map((value) => <label key={value} className="check"><input type="checkbox" checked={chosen.includes(value)} onChange={() => onToggle(value)} /> {label(value)}</label>)}
    </fieldset>
  );
}
