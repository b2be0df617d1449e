import type { Reading as ReadingView, ReadingChange } from '../../../../shared/assistant/assistant.schemas';
import type { Names } from './namedThings';
import type { Reading } from './reading';

/**
 * A reading the person changed on an answer's chips and asked again (issue 30): what it names stands for what the
 * question's words named. A thing no longer among the brand's (a product deleted since) is left out, not guessed.
 */
export function changedReading(reading: Reading, change: ReadingChange, names: Names): Reading {
  const products = change.products.flatMap((id, at) => {
    const product = names.products.find((p) => p.id === id);
    return product ? [{ ...product, at }] : [];
  });
  const competitor = names.competitors.find((rival) => rival.id === change.competitor) ?? null;
  const creator = names.creators.find((c) => c.folded === change.creator) ?? null;
  const named = { products, competitor, creator, platform: change.platform, language: change.language };
  return { ...reading, window: null, named, kind: kindLeft(reading.kind, named) };
}

/** What is answered once the chips changed: a comparison or a yes/no that lost what it was about becomes an open question. */
function kindLeft(kind: Reading['kind'], named: Reading['named']): Reading['kind'] {
  if (kind === 'compareProducts' && named.products.length < 2) return null;
  if (kind === 'compareCompetitor' && named.competitor === null) return null;
  if (kind === 'yesno' && named.products.length !== 1) return null;
  return kind;
}

/** The reading as an answer carries it (GraphQL Message.reading). */
export function readingView(reading: Reading, suggestions: readonly string[]): ReadingView {
  const { products, competitor, creator, platform, language } = reading.named;
  return {
    window_said: reading.window?.said || null,
    products: products.map(({ id, name }) => ({ id, name })),
    competitor: competitor ? { id: competitor.id, name: competitor.name } : null,
    concepts: products.length === 0 ? reading.concepts.map((c) => c.forms[0] ?? c.name) : [],
    platform, creator: creator?.folded ?? null, language,
    answer_language: reading.language.lang,
    understood: suggestions.length === 0,
    suggestions: [...suggestions],
  };
}
