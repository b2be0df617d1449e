import { z } from 'zod';

const NO_NUL = 'Remove the NUL character (\\0) from the text: it cannot be searched.';

/**
 * The text of a search box (or a note filter) in a query, trimmed unless `trim` is false. A NUL character is refused:
 * SQLite ends a pattern at it (a LIKE with one matches as if the text stopped there) and FTS5 reads it as an
 * unterminated phrase, so it can never be searched as typed. Refusing it names the field (400) instead of answering
 * something else, or failing.
 */
export function searchText(max = 200, trim = true) {
  return (trim ? z.string().trim() : z.string()).max(max).refine((text) => !text.includes('\u0000'), NO_NUL);
}
