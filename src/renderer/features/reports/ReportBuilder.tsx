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
import { FormDialog } from '../../ui/dialog';
import { optionsOf, SelectField, TextField } from '../../ui/form';
import { WindowFields } from '../../ui/form';
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
    <FormDialog title={report ? 'Edit report' : 'New report'} size="wide" submitLabel="Save report" busy={busy} error={error} onSubmit={() => void save()} onClose={onClose}>
        {!report && (
          <SelectField label="Kind" value={draft.type} options={optionsOf(REPORT_TYPES, (type) => KIND_LABELS[type])} onChange={(type) => setDraft({ ...blank(type), filters: draft.filters, duration: draft.duration })} />
        )}
        <TextField label="Title" value={draft.title} maxLength={120} onChange={(event) => set('title', event.target.value)} />
        {draft.type === 'speech' && (
          <TextField label="Highlight" hint="A word or phrase of 3 characters or more: the passages are the lines that say it. Empty: every line said with a clear sentiment."
            value={draft.highlight} maxLength={200} onChange={(event) => set('highlight', event.target.value)} />
        )}
        {draft.type === 'custom' && (
          <fieldset className="report-builder__group">
            <legend>Show</legend>
            {REPORT_METRICS.map((metric: ReportMetric) => (
              <label key={metric} className="check"><input type="checkbox" checked={draft.metrics.includes(metric)} onChange={() => set('metrics', toggle(draft.metrics, metric))} /> {METRIC_LABELS[metric]}</label>
            ))}
          </fieldset>
        )}
        <div className="report-builder__row">
          <WindowFields
            label="Window" value={draft.duration} options={optionsOf(DATE_RANGES, (range) => DATE_RANGE_LABELS[range])} onChange={(value) => set('duration', value)}
            dates={{ start: draft.start_date, end: draft.end_date, startLabel: 'From', endLabel: 'To' }}
            onDates={({ start, end }) => setDraft((current) => ({ ...current, start_date: start, end_date: end }))}
          />
        </div>
        <div className="report-builder__row">
          <WindowFields
            label="Compare with" value={draft.comparison} options={optionsOf(REPORT_COMPARISONS, (value) => COMPARISON_LABELS[value])} onChange={(value) => set('comparison', value)}
            dates={{ start: draft.compare_start_date, end: draft.compare_end_date, startLabel: 'Compare from', endLabel: 'Compare to' }}
            onDates={({ start, end }) => setDraft((current) => ({ ...current, compare_start_date: start, compare_end_date: end }))}
          />
          <SelectField label="Charts" value={draft.graph_type} options={optionsOf(REPORT_GRAPH_TYPES, valueLabel)} onChange={(value) => set('graph_type', value)} />
        </div>
        <SelectField label="Whose videos" value={draft.filters.competitor_brands} options={[{ value: '', label: 'My brand' }, ...competitors.map((brand) => ({ value: brand.id, label: brand.name }))]} onChange={(value) => setFilter('competitor_brands', value)} />
        <CheckGroup legend="Platform" values={PLATFORMS} chosen={draft.filters.platform} label={platformLabel} onToggle={(value) => setFilter('platform', toggle(draft.filters.platform, value))} />
        <CheckGroup legend="Notes" values={NOTE_FILTER_VALUES} chosen={draft.filters.note} label={(value) => NOTE_LABELS[value]} onToggle={(value) => setFilter('note', toggle(draft.filters.note, value))} />
        <CheckGroup legend="Gender" values={GENDERS} chosen={draft.filters.demographic.gender} label={valueLabel} onToggle={(value) => setFilter('demographic', { ...draft.filters.demographic, gender: toggle(draft.filters.demographic.gender, value) })} />
        <CheckGroup legend="Age range" values={AGE_RANGES} chosen={draft.filters.demographic.age_range} label={(value) => value} onToggle={(value) => setFilter('demographic', { ...draft.filters.demographic, age_range: toggle(draft.filters.demographic.age_range, value) })} />
        <CheckGroup legend="Ethnicity" values={ETHNICITIES} chosen={draft.filters.demographic.ethnicity} label={valueLabel} onToggle={(value) => setFilter('demographic', { ...draft.filters.demographic, ethnicity: toggle(draft.filters.demographic.ethnicity, value) })} />
        <div className="report-builder__row">
          <TextField label="Categories" hint="Separated by commas" value={draft.filters.category.join(', ')} onChange={(event) => setFilter('category', splitList(event.target.value))} />
          <TextField label="Points of view" hint="Separated by commas" value={draft.filters.pov.join(', ')} onChange={(event) => setFilter('pov', splitList(event.target.value))} />
        </div>
    </FormDialog>
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
