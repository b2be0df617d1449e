import { useState } from 'react';
import type { AssistantMessage, Reading, ReadingChange } from '../../../shared/assistant/assistant.schemas';
import { DATE_RANGES, PLATFORMS } from '../../../shared/constants';
import { DATE_RANGE_LABELS, platformLabel } from '../../../shared/labels';
import { ChipMenu } from './ChipMenu';
import type { AskWindow, Duration } from './Composer';

/** The window as read ('read'), or one picked from the menu. */
type WindowPick = 'read' | Exclude<Duration, 'custom'>;
interface Draft { window: WindowPick; change: ReadingChange }

const PICKABLE_WINDOWS = DATE_RANGES.filter((range): range is Exclude<Duration, 'custom'> => range !== 'custom');
/** The platforms a person narrows an answer to (where the brand's social videos come from). */
const SOCIAL_PLATFORMS = ['Tiktok', 'Instagram', 'Youtube'] as const;
const ALL_PLATFORMS = 'all';

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const LANGUAGES = new Intl.DisplayNames(['en'], { type: 'language' });
const creatorName = (folded: string) => folded.replace(/\b\p{L}/gu, (letter) => letter.toLocaleUpperCase());

/** The window an answer covered, as its chip says it: "1 Oct 2026 – 31 Oct 2026 (last month)". */
function readWindowLabel(answer: AssistantMessage, said: string | null): string {
  if (!answer.start_date || !answer.end_date) return DATE_RANGE_LABELS.all_dates;
  const span = `${DAY.format(new Date(answer.start_date))} – ${DAY.format(new Date(answer.end_date))}`;
  return said ? `${span} (${said})` : span;
}

/** The window a re-asked question covers: the one read (its days) or the one picked. */
function askWindow(answer: AssistantMessage, pick: WindowPick): AskWindow {
  if (pick !== 'read') return { duration: pick, start_date: null, end_date: null };
  if (!answer.start_date || !answer.end_date) return { duration: 'all_dates', start_date: null, end_date: null };
  return { duration: 'custom', start_date: answer.start_date.slice(0, 10), end_date: answer.end_date.slice(0, 10) };
}

/** The platforms offered: the social ones, and the one the question named if it is another (a storage). */
const platformChoices = (read: string | null): string[] => [...SOCIAL_PLATFORMS, ...(read && !(SOCIAL_PLATFORMS as readonly string[]).includes(read) ? [read] : [])];

const changeOf = (reading: Reading): ReadingChange => ({
  products: reading.products.map((p) => p.id), competitor: reading.competitor?.id ?? null,
  platform: PLATFORMS.find((p) => p === reading.platform) ?? null,
  creator: reading.creator, language: reading.language,
});

interface ReadingChipsProps {
  answer: AssistantMessage & { reading: Reading };
  busy: boolean;
  onAskAgain: (change: ReadingChange, window: AskWindow) => void;
  onAsk: (question: string) => void;
}

/**
 * What an answer understood (issue 30), at its top: the window, the subject and the filters as chips. A chip's value
 * is picked from a menu or removed; "Ask again" asks the same question with the changed reading. A question that could
 * not be read offers the closest questions that can, each asked with one click.
 */
export function ReadingChips({ answer, busy, onAskAgain, onAsk }: ReadingChipsProps) {
  const { reading } = answer;
  const initial: Draft = { window: 'read', change: changeOf(reading) };
  const [draft, setDraft] = useState<Draft>(initial);
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const change = (part: Partial<ReadingChange>) => setDraft({ ...draft, change: { ...draft.change, ...part } });
  const products = reading.products.filter((p) => draft.change.products.includes(p.id));

  const removable = (kind: string, label: string, onRemove: () => void) => (
    <li key={`${kind}:${label}`} className="reading-chip">
      <span className="reading-chip__name">{kind}</span> <bdi>{label}</bdi>
      <button type="button" className="reading-chip__remove" aria-label={`Remove ${kind.toLocaleLowerCase()} ${label}`} onClick={onRemove}>×</button>
    </li>
  );

  return (
    <div className="assistant-reading" role="group" aria-label="What the answer read">
      <span className="assistant-reading__lead">Read as</span>
      <ul className="assistant-reading__chips">
        <li>
          <ChipMenu
            name="Window"
            current={draft.window === 'read' ? readWindowLabel(answer, reading.window_said) : DATE_RANGE_LABELS[draft.window]}
            value={draft.window}
            options={[
              { value: 'read', label: readWindowLabel(answer, reading.window_said) },
              // All dates is offered once: as read, when it was.
              ...PICKABLE_WINDOWS.filter((range) => range !== 'all_dates' || answer.start_date).map((range) => ({ value: range, label: DATE_RANGE_LABELS[range] })),
            ]}
            onPick={(value) => setDraft({ ...draft, window: value as WindowPick })}
          />
        </li>
        {products.map((p) => removable('Product', p.name, () => change({ products: draft.change.products.filter((id) => id !== p.id) })))}
        {reading.competitor && draft.change.competitor && removable('Competitor', reading.competitor.name, () => change({ competitor: null }))}
        {reading.concepts.map((concept) => (
          <li key={`about:${concept}`} className="reading-chip"><span className="reading-chip__name">About</span> <bdi>{concept}</bdi></li>
        ))}
        <li>
          <ChipMenu
            name="Platform"
            current={draft.change.platform ? platformLabel(draft.change.platform) : 'All platforms'}
            value={draft.change.platform ?? ALL_PLATFORMS}
            options={[{ value: ALL_PLATFORMS, label: 'All platforms' }, ...platformChoices(initial.change.platform).map((p) => ({ value: p, label: platformLabel(p) }))]}
            onPick={(value) => change({ platform: PLATFORMS.find((p) => p === value) ?? null })}
          />
        </li>
        {draft.change.creator && removable('Creator', creatorName(draft.change.creator), () => change({ creator: null }))}
        {draft.change.language && removable('Language', LANGUAGES.of(draft.change.language) ?? draft.change.language, () => change({ language: null }))}
      </ul>
      {dirty && (
        <span className="assistant-reading__actions">
          <button type="button" className="btn btn--small btn--primary" disabled={busy} onClick={() => { onAskAgain(draft.change, askWindow(answer, draft.window)); setDraft(initial); }}>Ask again</button>
          <button type="button" className="btn btn--small btn--ghost" onClick={() => setDraft(initial)}>Undo changes</button>
        </span>
      )}
      {!reading.understood && reading.suggestions.length > 0 && (
        <div className="assistant-reading__suggestions">
          <p>Closest questions I can answer:</p>
          <ul className="assistant-suggestions" aria-label="Closest questions I can answer">
            {reading.suggestions.map((question) => (
              <li key={question}><button type="button" className="btn btn--small" disabled={busy} onClick={() => onAsk(question)}><bdi>{question}</bdi></button></li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
