import { useAtomValue } from 'jotai';
import { useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { MIN_VIDEOS_FOR_CAROUSEL } from '../../../../shared/constants';
import { MESSAGES } from '../../../../shared/messages';
import type { Widget } from '../../../../shared/http/widgets.schemas';
import { actingIdentityAtom } from '../../../app/session/session.atoms';
import { useServices } from '../../../app/useServices';
import { formatDateTime } from '../../../lib/format';
import { Authorship } from '../../team';
import { toFailure } from '../../../lib/httpFailure';
import { FormAlert } from '../../../ui/form';
import { EmptyState, PageHeader } from '../../../ui/page';
import { SnippetDialog } from '../SnippetDialog';
import { metricsApi, type Who } from '../widgets.api';
import { fieldsOf, formOf, formProblems, newForm, previewOf, type BuilderForm } from './builderForm';
import { LookFields, ShoppingFields, ToggleFields } from './BuilderFields';
import { VideosField } from './VideosField';
import { WidgetPreview, type Device } from './WidgetPreview';
import '../widgets.css';

/** The widget builder (spec §2): create (/widgets/new) or edit (/widgets/{id}) a carousel with a live desktop and mobile preview. */
export function WidgetBuilderScreen() {
  const who = useAtomValue(actingIdentityAtom);
  const { id } = useParams();
  if (!who) return <div className="page"><EmptyState title="No brand yet">Connect a brand to build widgets.</EmptyState></div>;
  return <Builder key={id ?? 'new'} who={who} id={id ?? null} />;
}

function Builder({ who, id }: { who: Who; id: string | null }) {
  const { api } = useServices();
  const calls = useMemo(() => metricsApi(api, who), [api, who]);
  const navigate = useNavigate();
  const [form, setForm] = useState<BuilderForm | null>(id === null ? newForm() : null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saved, setSaved] = useState<Widget | null>(null);
  const [device, setDevice] = useState<Device>('desktop');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ text: string; detail: string | null } | null>(null);
  const [showProblems, setShowProblems] = useState(false);
  const [snippetFor, setSnippetFor] = useState<string | null>(null);

  useEffect(() => {
    if (id === null) return;
    calls.widget(id).then(({ data }) => { setSaved(data); setForm(formOf(data)); }, (failure: unknown) => setLoadError(toFailure(failure).error));
  }, [calls, id]);
  const preview = useMemo(() => (form ? previewOf(form) : null), [form]);

  if (loadError) return <div className="page"><PageHeader title="Widget" /><FormAlert tone="error">{loadError}</FormAlert><Link className="btn" to="/widgets">Back to widgets</Link></div>;
  if (!form || !preview) return <div className="page"><PageHeader title="Widget" /><p role="status">Loading the widget…</p></div>;

  const problems = formProblems(form);
  const update = (patch: Partial<BuilderForm>) => setForm({ ...form, ...patch });
  const save = async () => {
    setShowProblems(true);
    setError(null);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      const widget = await calls.saveWidget(id, fieldsOf(form));
      setSaved(widget);
      setForm(formOf(widget));
      if (id === null) navigate(`/widgets/${widget._id}`, { replace: true, state: { created: true } });
    } catch (failure) {
      // The spec's words first (§8), then what the server said, so the person knows what to change.
      setError({ text: MESSAGES.widgetFailed, detail: toFailure(failure).error });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="page widget-builder">
      <PageHeader title={id === null ? 'New widget' : `Edit ${saved?.title ?? 'widget'}`}
        description="A shoppable carousel of your videos for any web page: choose at least five, tag the products, and see it as shoppers will."
        actions={<>
          <Link className="btn" to="/widgets">Back to widgets</Link>
          {saved && <Link className="btn" to={`/widgets/${saved._id}/analytics`}>Analytics</Link>}
          {saved && <button type="button" className="btn" onClick={() => setSnippetFor(saved._id)}>Get snippet</button>}
        </>} />
      <div className="widget-builder__layout">
        <form className="widget-builder__form" noValidate onSubmit={(event) => { event.preventDefault(); void save(); }}>
          <section className="card" aria-labelledby="widget-basics">
            <h2 className="card__title" id="widget-basics">Basics</h2>
            <label className="field">
              <span className="field__label">Title</span>
              <input className="input" value={form.title} maxLength={120} required aria-invalid={showProblems && problems.title ? true : undefined}
                aria-describedby={showProblems && problems.title ? 'widget-title-error' : undefined} onChange={(event) => update({ title: event.target.value })} />
              {showProblems && problems.title && <span className="field__error" id="widget-title-error">{problems.title}</span>}
            </label>
            <label className="field">
              <span className="field__label">Notes <span className="field__hint">(only your team sees them)</span></span>
              <textarea className="input" rows={2} value={form.notes} maxLength={5000} onChange={(event) => update({ notes: event.target.value })} />
            </label>
          </section>
          <VideosField who={who} calls={calls} form={form} onChange={(videos) => update({ videos })} problem={showProblems ? problems.videos ?? null : null} />
          <LookFields form={form} update={update} />
          <ShoppingFields form={form} update={update} problem={showProblems ? problems['call_to_action.button_URL'] ?? null : null} />
          <ToggleFields form={form} update={update} />
          {error && <FormAlert tone="error">{error.text}{error.detail && <><br />{error.detail}</>}</FormAlert>}
          {showProblems && Object.keys(problems).length > 0 && <FormAlert tone="error">Fix the fields marked above before saving.</FormAlert>}
          <div className="widget-builder__actions">
            <button type="submit" className="btn btn--primary" disabled={busy}>{busy ? 'Saving…' : id === null ? 'Create widget' : 'Save changes'}</button>
            {form.videos.length < MIN_VIDEOS_FOR_CAROUSEL && <span className="field__hint">Add {MIN_VIDEOS_FOR_CAROUSEL - form.videos.length} more video{MIN_VIDEOS_FOR_CAROUSEL - form.videos.length === 1 ? '' : 's'} to save.</span>}
            {saved && !busy && !error && (
              <span className="field__hint" role="status">
                Saved {formatDateTime(saved.updated_at)}{saved.updated_by ? <> by <bdi>{saved.updated_by.name}</bdi></> : null}.
                {saved.created_by && <> <Authorship verb="Created" person={saved.created_by} at={saved.created_at} testId="widget-creator" />.</>}
              </span>
            )}
          </div>
        </form>
        <aside className="widget-builder__preview" aria-label="Preview">
          <div className="segmented" role="radiogroup" aria-label="Preview device">
            {(['desktop', 'mobile'] as const).map((value) => (
              <label key={value}>
                <input type="radio" name="widget-preview-device" checked={device === value} onChange={() => setDevice(value)} />
                {value === 'desktop' ? 'Desktop' : 'Mobile'}
              </label>
            ))}
          </div>
          {form.videos.length === 0
            ? <EmptyState title="Nothing to preview yet">Add videos to see the carousel.</EmptyState>
            : <WidgetPreview widget={preview} device={device} />}
        </aside>
      </div>
      {snippetFor && <SnippetDialog calls={calls} widgetId={snippetFor} onClose={() => setSnippetFor(null)} />}
    </div>
  );
}
