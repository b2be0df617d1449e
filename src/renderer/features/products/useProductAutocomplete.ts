import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useServices } from '../../app/useServices';
import { productIdentityAtom } from './productList.atoms';
import type { Autocomplete } from './products.api';
import { fetchAutocomplete } from './products.api';

const AUTOCOMPLETE_DELAY_MS = 250;
/** Fewer letters match too much to be a useful suggestion. */
const MIN_LETTERS = 2;

/**
 * Product names and hashtags containing `text` (GET /products/autocomplete_product_or_hashtag_list), asked once
 * typing pauses. Suggestions are a help, not a result: a failed call just shows none.
 */
export function useProductAutocomplete(text: string, enabled = true): Autocomplete['results'] {
  const { api } = useServices();
  const who = useAtomValue(productIdentityAtom);
  const [answer, setAnswer] = useState<{ q: string; results: Autocomplete['results'] } | null>(null);
  const q = text.trim();
  const asking = enabled && who !== null && q.length >= MIN_LETTERS;

  useEffect(() => {
    if (!asking || !who) return;
    let live = true;
    const timer = window.setTimeout(() => {
      fetchAutocomplete(api.main, who, q).then(
        (body) => { if (live) setAnswer({ q, results: body.results.filter((entry) => entry.value !== q) }); },
        () => { if (live) setAnswer({ q, results: [] }); },
      );
    }, AUTOCOMPLETE_DELAY_MS);
    return () => { live = false; window.clearTimeout(timer); };
  }, [api.main, who, q, asking]);

  return asking && answer?.q === q ? answer.results : [];
}
