import { z } from 'zod';
import { AnalysisCancelled, AnalysisFault, PCM_SAMPLE_RATE, type HeardSpeech, type TimedText } from '../engines';
import type { SpeechEngine, TranscribeOptions } from './speechEngine';

/**
 * Speech to text through an OpenAI-compatible transcription service (OpenAI, Groq, a self-hosted faster-whisper or
 * whisper.cpp server): the speech is posted as 16 kHz mono 16-bit WAV to `{url}/audio/transcriptions` in pieces under
 * the service's size limit, and the segments come back at their seconds in the video. Every failure is an
 * `AnalysisFault` sentence; a failed call never yields an empty transcript.
 */

export interface TranscriptionServiceConfig {
  /** Base URL, e.g. https://api.openai.com/v1 (REELSCOPE_TRANSCRIPTION_URL). */
  url: string;
  /** Sent as `Authorization: Bearer` when given (REELSCOPE_TRANSCRIPTION_KEY). */
  key: string | null;
  /** REELSCOPE_TRANSCRIPTION_MODEL, default whisper-1. */
  model: string;
}

export interface TranscriptionServiceOptions extends TranscriptionServiceConfig {
  fetchImpl?: typeof fetch;
  /** Largest WAV file posted at once (default 24 MB; OpenAI takes at most 25 MB). */
  maxBytes?: number;
  /** How long one piece may take to be answered (default 10 minutes). */
  timeoutMs?: number;
}

export const DEFAULT_TRANSCRIPTION_MODEL = 'whisper-1';
export const DEFAULT_TRANSCRIPTION_MAX_BYTES = 24 * 1024 * 1024;
const WAV_HEADER_BYTES = 44;
const BYTES_PER_SAMPLE = 2;

/** The service from the environment, or null when REELSCOPE_TRANSCRIPTION_URL is not set (then speech is heard on the device). */
export function transcriptionServiceFromEnv(env: NodeJS.ProcessEnv = process.env): TranscriptionServiceConfig | null {
  const url = env.REELSCOPE_TRANSCRIPTION_URL?.trim();
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`REELSCOPE_TRANSCRIPTION_URL must be a web address such as https://api.openai.com/v1, got "${url}".`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error(`REELSCOPE_TRANSCRIPTION_URL must start with http:// or https://, got "${url}".`);
  }
  return {
    url: url.replace(/\/+$/, ''),
    key: env.REELSCOPE_TRANSCRIPTION_KEY?.trim() || null,
    model: env.REELSCOPE_TRANSCRIPTION_MODEL?.trim() || DEFAULT_TRANSCRIPTION_MODEL,
  };
}

/** 16-bit PCM WAV of mono samples at 16 kHz (values outside -1..1 are clipped). */
export function encodeWav(samples: Float32Array): Uint8Array<ArrayBuffer> {
  const dataBytes = samples.length * BYTES_PER_SAMPLE;
  const buffer = new ArrayBuffer(WAV_HEADER_BYTES + dataBytes);
  const view = new DataView(buffer);
  const ascii = (offset: number, text: string): void => {
    for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
  };
  ascii(0, 'RIFF');
  view.setUint32(4, 36 + dataBytes, true);
  ascii(8, 'WAVE');
  ascii(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, PCM_SAMPLE_RATE, true);
  view.setUint32(28, PCM_SAMPLE_RATE * BYTES_PER_SAMPLE, true);
  view.setUint16(32, BYTES_PER_SAMPLE, true);
  view.setUint16(34, 16, true);
  ascii(36, 'data');
  view.setUint32(40, dataBytes, true);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i] ?? 0));
    view.setInt16(WAV_HEADER_BYTES + i * BYTES_PER_SAMPLE, s < 0 ? s * 0x8000 : s * 0x7fff, true);
  }
  return new Uint8Array(buffer);
}

/**
 * Where to cut `samples` into pieces of at most `maxSamples`: each cut at the quietest 10 ms in the last second (or
 * tenth) before the limit, so a word is seldom split. Returns [start, end) sample ranges covering everything.
 */
export function pieceRanges(samples: Float32Array, maxSamples: number): [number, number][] {
  const ranges: [number, number][] = [];
  let start = 0;
  while (samples.length - start > maxSamples) {
    const limit = start + maxSamples;
    const window = Math.min(PCM_SAMPLE_RATE, Math.floor(maxSamples / 10));
    const cut = Math.max(start + 1, quietestPoint(samples, limit - window, limit));
    ranges.push([start, cut]);
    start = cut;
  }
  if (start < samples.length || ranges.length === 0) ranges.push([start, samples.length]);
  return ranges;
}

/** Two halves of `samples`, cut at the quietest 10 ms within a tenth of the middle. */
export function splitInTwo(samples: Float32Array): [[number, number], [number, number]] {
  const middle = Math.floor(samples.length / 2);
  const reach = Math.floor(samples.length / 10);
  const cut = Math.min(samples.length - 1, Math.max(1, quietestPoint(samples, middle - reach, middle + reach)));
  return [
    [0, cut],
    [cut, samples.length],
  ];
}

/** The middle of the quietest 10 ms frame in [from, to), or `to` when the stretch is shorter than a frame. */
function quietestPoint(samples: Float32Array, from: number, to: number): number {
  const frame = PCM_SAMPLE_RATE / 100;
  let cut = to;
  let quietest = Infinity;
  for (let at = Math.max(0, from); at + frame <= to; at += frame) {
    let energy = 0;
    for (let i = at; i < at + frame; i++) energy += (samples[i] ?? 0) ** 2;
    if (energy < quietest) {
      quietest = energy;
      cut = at + frame / 2;
    }
  }
  return Math.min(to, Math.round(cut));
}

/** whisper's language names (whisper.cpp `g_lang`, OpenAI's verbose_json `language`) → ISO 639-1. */
const WHISPER_LANGUAGES: Record<string, string> = {
  english: 'en', chinese: 'zh', german: 'de', spanish: 'es', russian: 'ru', korean: 'ko', french: 'fr', japanese: 'ja',
  portuguese: 'pt', turkish: 'tr', polish: 'pl', catalan: 'ca', dutch: 'nl', arabic: 'ar', swedish: 'sv', italian: 'it',
  indonesian: 'id', hindi: 'hi', finnish: 'fi', vietnamese: 'vi', hebrew: 'he', ukrainian: 'uk', greek: 'el', malay: 'ms',
  czech: 'cs', romanian: 'ro', danish: 'da', hungarian: 'hu', tamil: 'ta', norwegian: 'no', thai: 'th', urdu: 'ur',
  croatian: 'hr', bulgarian: 'bg', lithuanian: 'lt', latin: 'la', maori: 'mi', malayalam: 'ml', welsh: 'cy', slovak: 'sk',
  telugu: 'te', persian: 'fa', latvian: 'lv', bengali: 'bn', serbian: 'sr', azerbaijani: 'az', slovenian: 'sl',
  kannada: 'kn', estonian: 'et', macedonian: 'mk', breton: 'br', basque: 'eu', icelandic: 'is', armenian: 'hy',
  nepali: 'ne', mongolian: 'mn', bosnian: 'bs', kazakh: 'kk', albanian: 'sq', swahili: 'sw', galician: 'gl',
  marathi: 'mr', punjabi: 'pa', sinhala: 'si', khmer: 'km', shona: 'sn', yoruba: 'yo', somali: 'so', afrikaans: 'af',
  occitan: 'oc', georgian: 'ka', belarusian: 'be', tajik: 'tg', sindhi: 'sd', gujarati: 'gu', amharic: 'am',
  yiddish: 'yi', lao: 'lo', uzbek: 'uz', faroese: 'fo', 'haitian creole': 'ht', pashto: 'ps', turkmen: 'tk',
  nynorsk: 'nn', maltese: 'mt', sanskrit: 'sa', luxembourgish: 'lb', myanmar: 'my', tibetan: 'bo', tagalog: 'tl',
  malagasy: 'mg', assamese: 'as', tatar: 'tt', lingala: 'ln', hausa: 'ha', bashkir: 'ba', javanese: 'jv',
  sundanese: 'su', cantonese: 'zh',
  // whisper's aliases
  burmese: 'my', valencian: 'ca', flemish: 'nl', haitian: 'ht', letzeburgesch: 'lb', pushto: 'ps', panjabi: 'pa',
  moldavian: 'ro', moldovan: 'ro', sinhalese: 'si', castilian: 'es', mandarin: 'zh',
};
/** whisper's codes that are not ISO 639-1. */
const CODE_FIXES: Record<string, string | null> = { jw: 'jv', yue: 'zh', haw: null };
const ISO_639_1 = new Set(Object.values(WHISPER_LANGUAGES));

/** "english" / "English" / "en" / "en-US" → "en"; null for what is not a language whisper knows. */
export function languageCode(answer: string | null | undefined): string | null {
  const text = answer?.trim().toLowerCase().replace(/_/g, '-');
  if (!text) return null;
  if (text in CODE_FIXES) return CODE_FIXES[text] ?? null;
  const named = WHISPER_LANGUAGES[text];
  if (named) return named;
  const code = text.split('-')[0] ?? '';
  return ISO_639_1.has(code) ? code : null;
}

const answerSchema = z.object({
  text: z.string(),
  language: z.string().nullish(),
  duration: z.union([z.number(), z.string()]).nullish(),
  segments: z
    .array(
      z.object({
        start: z.number().finite().nonnegative(),
        end: z.number().finite().nonnegative(),
        text: z.string(),
      }),
    )
    .nullish(),
});

function retryAfterSeconds(header: string | null, now = Date.now()): number | null {
  if (!header) return null;
  const text = header.trim();
  if (/^\d+(\.\d+)?$/.test(text)) return Math.ceil(Number(text));
  const at = Date.parse(text);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

/** The service's own error text (OpenAI: `{ error: { message } }`), short, or null. */
function serviceMessage(body: string): string | null {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown; detail?: unknown };
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message ?? parsed.detail);
    if (typeof message !== 'string' || !message.trim()) return null;
    const line = message.trim().replace(/\s+/g, ' ').replace(/\.$/, '');
    return line.length > 160 ? `${line.slice(0, 157)}…` : line;
  } catch {
    return null;
  }
}

class TooLarge extends Error {}

interface PieceAnswer {
  language: string | null;
  lines: TimedText[];
}

export function createTranscriptionService(options: TranscriptionServiceOptions): SpeechEngine {
  const base = options.url.trim().replace(/\/+$/, '');
  const endpoint = `${base}/audio/transcriptions`;
  let host: string;
  try {
    host = new URL(base).host;
  } catch {
    throw new Error(`The transcription service address "${options.url}" is not a web address.`);
  }
  const fetchImpl = options.fetchImpl ?? fetch;
  const maxBytes = options.maxBytes ?? DEFAULT_TRANSCRIPTION_MAX_BYTES;
  const maxSamples = Math.floor((maxBytes - WAV_HEADER_BYTES) / BYTES_PER_SAMPLE);
  if (maxSamples < PCM_SAMPLE_RATE / 10) throw new Error(`maxBytes ${maxBytes} leaves less than 0.1 s of audio per piece.`);
  const timeoutMs = options.timeoutMs ?? 600_000;
  const cancelled = (): AnalysisCancelled => new AnalysisCancelled('The transcription was cancelled.');

  async function post(samples: Float32Array, language: string | null, signal: AbortSignal | undefined): Promise<PieceAnswer> {
    const form = new FormData();
    form.append('file', new Blob([encodeWav(samples)], { type: 'audio/wav' }), 'speech.wav');
    form.append('model', options.model);
    form.append('response_format', 'verbose_json');
    if (language) form.append('language', language);
    const timeout = AbortSignal.timeout(timeoutMs);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (options.key) headers.authorization = `Bearer ${options.key}`;

    let response: Response;
    let body: string;
    try {
      response = await fetchImpl(endpoint, { method: 'POST', body: form, headers, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
      body = await response.text();
    } catch (error) {
      if (signal?.aborted) throw cancelled();
      if (timeout.aborted) {
        throw new AnalysisFault(`Transcription failed: the service at ${host} did not answer within ${Math.round(timeoutMs / 60_000) || 1} minutes`, { retryable: true, cause: error });
      }
      throw new AnalysisFault(`Transcription failed: the service at ${host} could not be reached`, { retryable: true, cause: error });
    }

    const status = response.status;
    if (status === 401 || status === 403) throw new AnalysisFault('Transcription failed: the service refused the key');
    if (status === 413) throw new TooLarge();
    if (status === 429) {
      const wait = retryAfterSeconds(response.headers.get('retry-after'));
      const when = wait === null ? 'later' : `in ${wait} second${wait === 1 ? '' : 's'}`;
      throw new AnalysisFault(`Transcription failed: the service asked to slow down; it will be tried again ${when}`, { retryable: true, retryAfterSeconds: wait });
    }
    if (status >= 500) {
      throw new AnalysisFault(`Transcription failed: the service had an error (HTTP ${status}); it will be tried again`, {
        retryable: true,
        retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
      });
    }
    if (status < 200 || status >= 300) {
      const said = serviceMessage(body);
      throw new AnalysisFault(`Transcription failed: the service turned the audio down (HTTP ${status}${said ? `: ${said}` : ''})`);
    }

    let parsed: z.infer<typeof answerSchema>;
    try {
      parsed = answerSchema.parse(JSON.parse(body));
    } catch (error) {
      throw new AnalysisFault("Transcription failed: the service's answer could not be read", { retryable: true, cause: error });
    }
    const seconds = samples.length / PCM_SAMPLE_RATE;
    const lines: TimedText[] = [];
    const segments = parsed.segments ?? (parsed.text.trim() ? [{ start: 0, end: seconds, text: parsed.text }] : []);
    for (const segment of segments) {
      const text = segment.text.trim();
      if (!text) continue;
      const start = Math.min(segment.start, seconds);
      lines.push({ start, end: Math.min(Math.max(segment.end, start), seconds), text });
    }
    return { language: languageCode(parsed.language) ?? null, lines };
  }

  /** One piece, split in two halves once when the service says it is too large. */
  async function transcribePiece(samples: Float32Array, language: string | null, signal: AbortSignal | undefined): Promise<PieceAnswer[]> {
    try {
      return [await post(samples, language, signal)];
    } catch (error) {
      if (!(error instanceof TooLarge)) throw error;
    }
    const halves = splitInTwo(samples);
    const answers: PieceAnswer[] = [];
    for (const [from, to] of halves) {
      try {
        const answer = await post(samples.subarray(from, to), language, signal);
        answers.push({ language: answer.language, lines: answer.lines.map((l) => ({ ...l, start: l.start + from / PCM_SAMPLE_RATE, end: l.end + from / PCM_SAMPLE_RATE })) });
      } catch (error) {
        if (!(error instanceof TooLarge)) throw error;
        const mb = ((to - from) * BYTES_PER_SAMPLE + WAV_HEADER_BYTES) / 1_000_000;
        throw new AnalysisFault(`Transcription failed: the service would not take the audio even in pieces of ${mb < 1 ? mb.toFixed(2) : Math.round(mb)} MB`);
      }
    }
    return answers;
  }

  return {
    async transcribe(samples: Float32Array, o: TranscribeOptions): Promise<HeardSpeech> {
      if (o.signal?.aborted) throw cancelled();
      const asked = languageCode(o.language ?? null);
      if (samples.length === 0) return { language: asked, lines: [] };
      const ranges = pieceRanges(samples, maxSamples);
      const lines: TimedText[] = [];
      const secondsByLanguage = new Map<string, number>();
      o.onProgress?.(0);
      for (const [from, to] of ranges) {
        if (o.signal?.aborted) throw cancelled();
        const shift = o.offsetSeconds + from / PCM_SAMPLE_RATE;
        for (const answer of await transcribePiece(samples.subarray(from, to), asked, o.signal)) {
          for (const line of answer.lines) {
            lines.push({ start: round(line.start + shift), end: round(line.end + shift), text: line.text });
            const language = answer.language ?? asked;
            if (language) secondsByLanguage.set(language, (secondsByLanguage.get(language) ?? 0) + (line.end - line.start));
          }
          if (answer.lines.length === 0 && answer.language && !secondsByLanguage.has(answer.language)) secondsByLanguage.set(answer.language, 0);
        }
        o.onProgress?.(to / samples.length);
      }
      let language: string | null = asked;
      let most = -1;
      for (const [code, seconds] of secondsByLanguage) {
        if (seconds > most) {
          most = seconds;
          language = code;
        }
      }
      return { language, lines };
    },
    async dispose(): Promise<void> {},
  };
}

function round(seconds: number): number {
  return Math.round(seconds * 1000) / 1000;
}
