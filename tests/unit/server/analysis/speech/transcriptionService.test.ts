/**
 * The transcription service path. STAND-IN: the service itself (OpenAI, Groq, a faster-whisper server) cannot exist
 * here, so a loopback HTTP server that speaks the OpenAI transcription API (`POST /v1/audio/transcriptions`, multipart
 * `file` / `model` / `response_format=verbose_json`, verbose_json answers, OpenAI's error statuses) takes its place —
 * the one stand-in this issue allows. Everything else is real: the WAV the service is sent, the multipart body, the
 * HTTP client, the splitting into pieces, the parsing and every fault sentence.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AnalysisCancelled, AnalysisFault, PCM_SAMPLE_RATE } from '../../../../../src/server/analysis/engines';
import {
  createTranscriptionService,
  encodeWav,
  languageCode,
  pieceRanges,
  transcriptionServiceFromEnv,
} from '../../../../../src/server/analysis/speech/transcriptionService';

interface Received {
  path: string;
  authorization: string | undefined;
  contentType: string;
  fields: Record<string, string>;
  fileName: string;
  fileType: string;
  fileBytes: number;
  /** From the WAV header the server read. */
  wav: { sampleRate: number; channels: number; bits: number; samples: number };
}

interface Reply {
  status?: number;
  headers?: Record<string, string>;
  body?: unknown;
  /** Wait before answering (ms). */
  delay?: number;
}

/** Answers like OpenAI's whisper-1 verbose_json: one segment from 0.25 s to 0.25 s before the end of the piece. */
function openAiAnswer(seconds: number, text: string, language = 'english'): Reply {
  return {
    body: {
      task: 'transcribe',
      language,
      duration: seconds,
      text,
      segments: [{ id: 0, seek: 0, start: 0.25, end: seconds - 0.25, text: ` ${text}`, tokens: [50364, 400], temperature: 0, avg_logprob: -0.2, compression_ratio: 1.1, no_speech_prob: 0.01 }],
    },
  };
}

let server: Server;
let baseUrl = '';
let received: Received[] = [];
/** The reply for the n-th request (0-based); default: an OpenAI answer naming the piece. */
let replyFor: (n: number, r: Received) => Reply = (n, r) => openAiAnswer(r.wav.samples / PCM_SAMPLE_RATE, `piece ${n}`);

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

beforeAll(async () => {
  server = createServer((req, res) => {
    void (async () => {
      const raw = await readBody(req);
      const contentType = req.headers['content-type'] ?? '';
      const form = await new Response(new Uint8Array(raw), { headers: { 'content-type': contentType } }).formData();
      const fields: Record<string, string> = {};
      let file: File | null = null;
      for (const [name, value] of form.entries()) {
        if (typeof value === 'string') fields[name] = value;
        else file = value;
      }
      const bytes = Buffer.from(await file!.arrayBuffer());
      const r: Received = {
        path: req.url ?? '',
        authorization: req.headers.authorization,
        contentType,
        fields,
        fileName: file!.name,
        fileType: file!.type,
        fileBytes: bytes.length,
        wav: {
          sampleRate: bytes.readUInt32LE(24),
          channels: bytes.readUInt16LE(22),
          bits: bytes.readUInt16LE(34),
          samples: bytes.readUInt32LE(40) / 2,
        },
      };
      expect(bytes.subarray(0, 4).toString('ascii')).toBe('RIFF');
      expect(bytes.subarray(8, 12).toString('ascii')).toBe('WAVE');
      received.push(r);
      const reply = replyFor(received.length - 1, r);
      if (reply.delay) await new Promise((resolve) => setTimeout(resolve, reply.delay));
      const body = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body ?? {});
      if (res.destroyed) return;
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...reply.headers }).end(body);
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterEach(() => {
  received = [];
  replyFor = (n, r) => openAiAnswer(r.wav.samples / PCM_SAMPLE_RATE, `piece ${n}`);
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

function tone(seconds: number, quietFrom?: number, quietTo?: number): Float32Array {
  const samples = new Float32Array(Math.round(seconds * PCM_SAMPLE_RATE));
  for (let i = 0; i < samples.length; i++) {
    const t = i / PCM_SAMPLE_RATE;
    const quiet = quietFrom !== undefined && quietTo !== undefined && t >= quietFrom && t < quietTo;
    samples[i] = quiet ? 0 : 0.5 * Math.sin(2 * Math.PI * 220 * t);
  }
  return samples;
}

async function fault(promise: Promise<unknown>): Promise<AnalysisFault> {
  const error = await promise.then(
    () => new Error('expected a rejection'),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AnalysisFault);
  return error as AnalysisFault;
}

const wavBytes = (seconds: number): number => 44 + 2 * Math.round(seconds * PCM_SAMPLE_RATE);

describe('createTranscriptionService', () => {
  it('posts 16 kHz mono 16-bit WAV with model and verbose_json and the bearer key, and shifts segments to the video', async () => {
    const engine = createTranscriptionService({ url: `${baseUrl}/`, key: 'sk-test-123', model: 'whisper-1' });
    const heard = await engine.transcribe(tone(3), { offsetSeconds: 100 });

    expect(received).toHaveLength(1);
    const [r] = received;
    expect(r!.path).toBe('/v1/audio/transcriptions');
    expect(r!.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(r!.authorization).toBe('Bearer sk-test-123');
    expect(r!.fields).toEqual({ model: 'whisper-1', response_format: 'verbose_json' });
    expect(r!.fileName).toMatch(/\.wav$/);
    expect(r!.fileType).toBe('audio/wav');
    expect(r!.wav).toEqual({ sampleRate: 16000, channels: 1, bits: 16, samples: 48000 });
    expect(r!.fileBytes).toBe(wavBytes(3));
    expect(heard).toEqual({ language: 'en', lines: [{ start: 100.25, end: 102.75, text: 'piece 0' }] });
    await engine.dispose();
  });

  it('sends no Authorization header without a key, and passes the language asked for', async () => {
    const engine = createTranscriptionService({ url: baseUrl, key: null, model: 'Systran/faster-whisper-small' });
    const heard = await engine.transcribe(tone(1), { offsetSeconds: 0, language: 'de' });
    expect(received[0]!.authorization).toBeUndefined();
    expect(received[0]!.fields).toEqual({ model: 'Systran/faster-whisper-small', response_format: 'verbose_json', language: 'de' });
    expect(heard.lines).toHaveLength(1);
  });

  it('posts long audio in pieces under maxBytes, each at its offset, and tells the language most speech was in', async () => {
    const maxBytes = wavBytes(2);
    replyFor = (n, r) => openAiAnswer(r.wav.samples / PCM_SAMPLE_RATE, `piece ${n}`, n === 0 ? 'english' : 'German');
    const engine = createTranscriptionService({ url: baseUrl, key: 'k', model: 'whisper-1', maxBytes });
    const progress: number[] = [];
    const samples = tone(5.5);
    const heard = await engine.transcribe(samples, { offsetSeconds: 60, onProgress: (f) => progress.push(f) });

    expect(received).toHaveLength(3);
    for (const r of received) expect(r.fileBytes).toBeLessThanOrEqual(maxBytes);
    expect(received.reduce((sum, r) => sum + r.wav.samples, 0)).toBe(samples.length);
    let startSample = 0;
    received.forEach((r, n) => {
      const pieceStart = 60 + startSample / PCM_SAMPLE_RATE;
      const pieceEnd = pieceStart + r.wav.samples / PCM_SAMPLE_RATE;
      expect(heard.lines[n]!.text).toBe(`piece ${n}`);
      expect(heard.lines[n]!.start).toBeCloseTo(pieceStart + 0.25, 3);
      expect(heard.lines[n]!.end).toBeCloseTo(pieceEnd - 0.25, 3);
      startSample += r.wav.samples;
    });
    expect(heard.language).toBe('de');
    expect(progress[0]).toBe(0);
    expect(progress.at(-1)).toBe(1);
  });

  it('cuts pieces at a quiet moment shortly before the limit (within a tenth of a piece, at most a second)', () => {
    const samples = tone(5, 1.85, 1.9);
    const [first] = pieceRanges(samples, 2 * PCM_SAMPLE_RATE);
    expect(first![1] / PCM_SAMPLE_RATE).toBeGreaterThanOrEqual(1.85);
    expect(first![1] / PCM_SAMPLE_RATE).toBeLessThanOrEqual(1.9);
    const long = tone(30, 19.3, 19.4);
    expect(pieceRanges(long, 20 * PCM_SAMPLE_RATE)[0]![1] / PCM_SAMPLE_RATE).toBeCloseTo(19.35, 1);
    const ranges = pieceRanges(samples, 2 * PCM_SAMPLE_RATE);
    expect(ranges[0]![0]).toBe(0);
    expect(ranges.at(-1)![1]).toBe(samples.length);
    for (let i = 1; i < ranges.length; i++) expect(ranges[i]![0]).toBe(ranges[i - 1]![1]);
    for (const [from, to] of ranges) expect(to - from).toBeLessThanOrEqual(2 * PCM_SAMPLE_RATE);
  });

  it('on 413 splits the piece in two and tries once more, at the right offsets', async () => {
    replyFor = (n, r) => (n === 0 ? { status: 413, body: { error: { message: 'Maximum content size limit exceeded' } } } : openAiAnswer(r.wav.samples / PCM_SAMPLE_RATE, `half ${n}`));
    const engine = createTranscriptionService({ url: baseUrl, key: 'k', model: 'whisper-1' });
    const heard = await engine.transcribe(tone(4, 1.9, 2.1), { offsetSeconds: 10 });
    const sizes = received.map((r) => r.wav.samples);
    expect(sizes).toHaveLength(3);
    expect(sizes[0]).toBe(64000);
    expect(sizes[1]! + sizes[2]!).toBe(64000);
    const cut = sizes[1]! / PCM_SAMPLE_RATE;
    expect(cut).toBeGreaterThanOrEqual(1.9);
    expect(cut).toBeLessThanOrEqual(2.1);
    expect(heard.lines.map((l) => l.text)).toEqual(['half 1', 'half 2']);
    expect(heard.lines[0]!.start).toBeCloseTo(10.25, 3);
    expect(heard.lines[0]!.end).toBeCloseTo(10 + cut - 0.25, 3);
    expect(heard.lines[1]!.start).toBeCloseTo(10 + cut + 0.25, 3);
    expect(heard.lines[1]!.end).toBeCloseTo(13.75, 3);
  });

  it('on 413 again after the split says so in a sentence', async () => {
    replyFor = () => ({ status: 413, body: 'too large' });
    const engine = createTranscriptionService({ url: baseUrl, key: 'k', model: 'whisper-1' });
    const f = await fault(engine.transcribe(tone(4, 1.95, 2.05), { offsetSeconds: 0 }));
    expect(f.message).toBe('Transcription failed: the service would not take the audio even in pieces of 0.06 MB');
    expect(f.retryable).toBe(false);
    expect(received).toHaveLength(2);
  });

  const refusals: [string, Reply, string, boolean][] = [
    ['401', { status: 401, body: { error: { message: 'Incorrect API key provided' } } }, 'Transcription failed: the service refused the key', false],
    ['403', { status: 403, body: {} }, 'Transcription failed: the service refused the key', false],
    ['500', { status: 500, body: { error: { message: 'boom' } } }, 'Transcription failed: the service had an error (HTTP 500); it will be tried again', true],
    ['503', { status: 503, body: 'unavailable' }, 'Transcription failed: the service had an error (HTTP 503); it will be tried again', true],
    ['200 with HTML', { status: 200, body: '<html><body>Welcome to nginx</body></html>' }, "Transcription failed: the service's answer could not be read", true],
    ['200 with another shape', { status: 200, body: { text: 'hi', segments: [{ start: 'zero', end: 1, text: 'hi' }] } }, "Transcription failed: the service's answer could not be read", true],
    ['200 with no text', { status: 200, body: { transcript: 'hi' } }, "Transcription failed: the service's answer could not be read", true],
    ['400', { status: 400, body: { error: { message: "Invalid file format." } } }, 'Transcription failed: the service turned the audio down (HTTP 400: Invalid file format)', false],
  ];
  for (const [name, reply, sentence, retryable] of refusals) {
    it(`answers ${name} with "${sentence}"`, async () => {
      replyFor = () => reply;
      const engine = createTranscriptionService({ url: baseUrl, key: 'k', model: 'whisper-1' });
      const f = await fault(engine.transcribe(tone(1), { offsetSeconds: 0 }));
      expect(f.message).toBe(sentence);
      expect(f.retryable).toBe(retryable);
    });
  }

  it('on 429 is retryable after Retry-After seconds', async () => {
    replyFor = () => ({ status: 429, headers: { 'retry-after': '7' }, body: { error: { message: 'Rate limit reached' } } });
    const engine = createTranscriptionService({ url: baseUrl, key: 'k', model: 'whisper-1' });
    const f = await fault(engine.transcribe(tone(1), { offsetSeconds: 0 }));
    expect(f.message).toBe('Transcription failed: the service asked to slow down; it will be tried again in 7 seconds');
    expect(f.retryable).toBe(true);
    expect(f.retryAfterSeconds).toBe(7);
  });

  it('on 429 reads a Retry-After given as an HTTP date', async () => {
    const at = new Date(Date.now() + 90_000).toUTCString();
    replyFor = () => ({ status: 429, headers: { 'retry-after': at } });
    const engine = createTranscriptionService({ url: baseUrl, key: 'k', model: 'whisper-1' });
    const f = await fault(engine.transcribe(tone(1), { offsetSeconds: 0 }));
    expect(f.retryable).toBe(true);
    expect(f.retryAfterSeconds).toBeGreaterThanOrEqual(87);
    expect(f.retryAfterSeconds).toBeLessThanOrEqual(90);
  });

  it('on 429 without Retry-After is retryable with no wait given', async () => {
    replyFor = () => ({ status: 429 });
    const engine = createTranscriptionService({ url: baseUrl, key: 'k', model: 'whisper-1' });
    const f = await fault(engine.transcribe(tone(1), { offsetSeconds: 0 }));
    expect(f.message).toBe('Transcription failed: the service asked to slow down; it will be tried again later');
    expect(f.retryAfterSeconds).toBeNull();
  });

  it('fails the whole call, not part of it, when a later piece fails', async () => {
    replyFor = (n, r) => (n === 1 ? { status: 502 } : openAiAnswer(r.wav.samples / PCM_SAMPLE_RATE, `piece ${n}`));
    const engine = createTranscriptionService({ url: baseUrl, key: 'k', model: 'whisper-1', maxBytes: wavBytes(1) });
    const f = await fault(engine.transcribe(tone(3), { offsetSeconds: 0 }));
    expect(f.retryable).toBe(true);
    expect(received).toHaveLength(2);
  });

  it('says the service could not be reached when nothing listens there', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const engine = createTranscriptionService({ url: `http://127.0.0.1:${port}/v1`, key: 'k', model: 'whisper-1' });
    const f = await fault(engine.transcribe(tone(1), { offsetSeconds: 0 }));
    expect(f.message).toBe(`Transcription failed: the service at 127.0.0.1:${port} could not be reached`);
    expect(f.retryable).toBe(true);
  });

  it('is cancelled by its signal while the service is answering', async () => {
    replyFor = (n, r) => ({ ...openAiAnswer(r.wav.samples / PCM_SAMPLE_RATE, 'late'), delay: 2000 });
    const engine = createTranscriptionService({ url: baseUrl, key: 'k', model: 'whisper-1' });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await engine.transcribe(tone(1), { offsetSeconds: 0, signal: controller.signal }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AnalysisCancelled);
  });

  it('takes a service answer without segments as one line over the piece, and an empty one as no speech', async () => {
    replyFor = (n) => ({ body: n === 0 ? { text: ' Hello there. ', language: 'en' } : { text: '', segments: [] } });
    const engine = createTranscriptionService({ url: baseUrl, key: 'k', model: 'whisper-1' });
    expect(await engine.transcribe(tone(2), { offsetSeconds: 5 })).toEqual({ language: 'en', lines: [{ start: 5, end: 7, text: 'Hello there.' }] });
    expect(await engine.transcribe(tone(2), { offsetSeconds: 5 })).toEqual({ language: null, lines: [] });
  });
});

describe('encodeWav', () => {
  it('writes 16-bit samples clipped to -1..1', () => {
    const wav = Buffer.from(encodeWav(new Float32Array([0, 1, -1, 2, -0.5])));
    expect(wav.length).toBe(44 + 10);
    expect([0, 1, 2, 3, 4].map((i) => wav.readInt16LE(44 + i * 2))).toEqual([0, 32767, -32768, 32767, -16384]);
  });
});

describe('languageCode', () => {
  it('maps whisper language names and codes to ISO 639-1', () => {
    expect(languageCode('english')).toBe('en');
    expect(languageCode('English')).toBe('en');
    expect(languageCode('en')).toBe('en');
    expect(languageCode('pt-BR')).toBe('pt');
    expect(languageCode('haitian creole')).toBe('ht');
    expect(languageCode('cantonese')).toBe('zh');
    expect(languageCode('jw')).toBe('jv');
    expect(languageCode('klingon')).toBeNull();
    expect(languageCode(null)).toBeNull();
  });
});

describe('transcriptionServiceFromEnv', () => {
  it('is null without REELSCOPE_TRANSCRIPTION_URL, else the URL, key and model (default whisper-1)', () => {
    expect(transcriptionServiceFromEnv({})).toBeNull();
    expect(transcriptionServiceFromEnv({ REELSCOPE_TRANSCRIPTION_URL: '  ' })).toBeNull();
    expect(transcriptionServiceFromEnv({ REELSCOPE_TRANSCRIPTION_URL: 'https://api.openai.com/v1/', REELSCOPE_TRANSCRIPTION_KEY: 'sk-1' })).toEqual({
      url: 'https://api.openai.com/v1',
      key: 'sk-1',
      model: 'whisper-1',
    });
    expect(transcriptionServiceFromEnv({ REELSCOPE_TRANSCRIPTION_URL: 'http://gpu-box:8000/v1', REELSCOPE_TRANSCRIPTION_MODEL: 'large-v3' })).toEqual({
      url: 'http://gpu-box:8000/v1',
      key: null,
      model: 'large-v3',
    });
    expect(() => transcriptionServiceFromEnv({ REELSCOPE_TRANSCRIPTION_URL: 'api.openai.com' })).toThrow(/REELSCOPE_TRANSCRIPTION_URL/);
    expect(() => transcriptionServiceFromEnv({ REELSCOPE_TRANSCRIPTION_URL: 'ftp://x/v1' })).toThrow(/http/);
  });
});
