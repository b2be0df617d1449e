/** One video's transcript with what the export prints above it. */
export interface TranscriptDocument {
  videoId: string;
  title: string;
  platform: string | null;
  creator: string | null;
  /** Publication (or creation) date, ISO. */
  date: string | null;
  /** Shares 0..1, or null when unknown. */
  sentiment: { positive: number; negative: number } | null;
  lines: { start_time: number; content: string }[];
}

/** `[mm:ss]` (or `[h:mm:ss]` past an hour) of a start time in seconds. */
export function timestamp(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `[${h}:${mm}:${ss}]` : `[${mm}:${ss}]`;
}

/** The header lines every format prints: platform, creator, date, sentiment summary. */
export function metadataLines(doc: TranscriptDocument): string[] {
  const lines = [`Platform: ${doc.platform ?? 'unknown'}`, `Creator: ${doc.creator ?? 'unknown'}`, `Date: ${doc.date ? doc.date.slice(0, 10) : 'unknown'}`];
  if (doc.sentiment) {
    const pct = (share: number) => `${Math.round(share * 100)}%`;
    const neutral = Math.max(0, 1 - doc.sentiment.positive - doc.sentiment.negative);
    lines.push(`Sentiment: ${pct(doc.sentiment.positive)} positive, ${pct(doc.sentiment.negative)} negative, ${pct(neutral)} neutral`);
  } else lines.push('Sentiment: unknown');
  return lines;
}
