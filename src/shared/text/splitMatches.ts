function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Splits text around case-insensitive occurrences of a query (the same match rule as searchTranscript). Shared by the
 * screens that mark a found word and the report PDF, so both mark the same letters.
 */
export function splitMatches(text: string, query: string): { text: string; match: boolean }[] {
  const needle = query.trim();
  if (needle === '') return [{ text, match: false }];
  const parts = text.split(new RegExp(`(${escapeRegExp(needle)})`, 'giu'));
  return parts.filter((part) => part !== '').map((part) => ({ text: part, match: part.toLocaleLowerCase() === needle.toLocaleLowerCase() }));
}
