/**
 * Speech to text on this computer: whisper.cpp through smart-whisper (an N-API binding that compiles whisper.cpp at
 * install with the CPU's own vector units; docs/notes/2026-12-02-speech-binding.md says why this binding).
 *
 * What the binding does not do, and what this module does about it:
 * - A file that is not a whisper model makes its loader crash the process (it prints timings of the context it failed
 *   to make: a null pointer). So the file's whole structure is checked here first (checkWhisperModelFile: header,
 *   mel filters, vocabulary, every tensor's name, shape and size, nothing missing, nothing after the last one), and
 *   a damaged file is an AnalysisFault, never a crash.
 * - It cannot stop a transcription half-way (whisper.cpp has an abort callback; the binding does not pass one). So the
 *   samples are transcribed in pieces of at most PIECE_SECONDS, cut at the quietest moment near the limit, and the
 *   signal is looked at between pieces; an abort rejects at once with AnalysisCancelled while the piece in flight
 *   finishes in the background (dispose() waits for it). To stop the CPU work at once, kill the worker process: that
 *   is the cancel the worker pool does.
 * - It prints whisper.cpp's log to stderr unless NODE_ENV is "production" when it loads; it is loaded here with that
 *   set (REELSCOPE_WHISPER_LOG=1 keeps the log). ggml's own allocator notes still reach stderr (the addon is built
 *   without NDEBUG).
 * - Its install compiles whisper.cpp with -O3 but no vector-unit flags (no AVX2/FMA code: about 10× slower). A copy built
 *   with them (CFLAGS/CXXFLAGS="-march=x86-64-v3" node-gyp rebuild) can be named by REELSCOPE_SMART_WHISPER (the
 *   package's folder); docs/notes/2026-12-02-speech-binding.md has the figures.
 * Decoding: no past-text context (whisper.cpp's default, it keeps a hallucination from repeating into the next
 * window), blank and non-speech tokens suppressed ("[Music]", "♪", "(laughs)"), and a line that is only such noise
 * or empty is dropped.
 */
import { createRequire } from 'node:module';
import { open, type FileHandle } from 'node:fs/promises';
import type * as SmartWhisperModule from 'smart-whisper';
import type { TranscribeDetailedResult, TranscribeParams, WhisperModel } from 'smart-whisper';
import { AnalysisCancelled, AnalysisFault, PCM_SAMPLE_RATE, type HeardSpeech, type TimedText } from '../engines';
import type { SpeechEngine, TranscribeOptions } from './speechEngine';

export const DAMAGED_MODEL_SENTENCE = 'The speech model file is damaged; it will be downloaded again.';
export const MISSING_MODEL_SENTENCE = 'The speech model file is missing; it will be downloaded again.';
const ENGINE_FAILED_SENTENCE = 'Transcription failed: the speech engine stopped with an error.';

/** The longest stretch handed to whisper.cpp in one call: the cancel's latency on this computer. */
export const PIECE_SECONDS = 60;
/** A piece is cut at the quietest 0.1 s within this many seconds before PIECE_SECONDS. */
const CUT_SEARCH_SECONDS = 15;
/** whisper.cpp decodes nothing in the last second of what it is given: each piece gets this much silence after it. */
const TAIL_PADDING_SECONDS = 1;

type SmartWhisper = typeof SmartWhisperModule;

let loaded: SmartWhisper | null = null;
/** The binding, loaded quietly (see the header). */
function smartWhisper(): SmartWhisper {
  if (loaded) return loaded;
  const requireHere = createRequire(import.meta.url);
  const before = process.env.NODE_ENV;
  if (process.env.REELSCOPE_WHISPER_LOG !== '1') process.env.NODE_ENV = 'production';
  try {
    loaded = requireHere(process.env.REELSCOPE_SMART_WHISPER || 'smart-whisper') as SmartWhisper;
  } finally {
    if (before === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = before;
  }
  return loaded;
}

// ---------------------------------------------------------------------------------------------------------------
// The model file's structure (whisper.cpp src/whisper.cpp whisper_model_load)

const GGML_MAGIC = 0x67676d6c;
/** Bytes per block and elements per block of the ggml tensor types whisper model files use. */
const TYPE_SIZES = new Map<number, { bytes: number; block: number }>([
  [0, { bytes: 4, block: 1 }], // f32
  [1, { bytes: 2, block: 1 }], // f16
  [2, { bytes: 18, block: 32 }], // q4_0
  [3, { bytes: 20, block: 32 }], // q4_1
  [6, { bytes: 22, block: 32 }], // q5_0
  [7, { bytes: 24, block: 32 }], // q5_1
  [8, { bytes: 34, block: 32 }], // q8_0
]);

export interface WhisperModelHeader {
  n_vocab: number;
  n_audio_ctx: number;
  n_audio_state: number;
  n_audio_head: number;
  n_audio_layer: number;
  n_text_ctx: number;
  n_text_state: number;
  n_text_head: number;
  n_text_layer: number;
  n_mels: number;
  ftype: number;
}

/** Every tensor the loader wants, by name, with its shape (ne[0] first). */
function expectedTensors(h: WhisperModelHeader): Map<string, number[]> {
  const t = new Map<string, number[]>();
  const A = h.n_audio_state;
  const T = h.n_text_state;
  t.set('encoder.positional_embedding', [A, h.n_audio_ctx]);
  t.set('encoder.conv1.weight', [3, h.n_mels, A]);
  t.set('encoder.conv1.bias', [1, A]);
  t.set('encoder.conv2.weight', [3, A, A]);
  t.set('encoder.conv2.bias', [1, A]);
  t.set('encoder.ln_post.weight', [A]);
  t.set('encoder.ln_post.bias', [A]);
  const block = (prefix: string, S: number, cross: boolean) => {
    for (const norm of ['mlp_ln', 'attn_ln', ...(cross ? ['cross_attn_ln'] : [])]) {
      t.set(`${prefix}${norm}.weight`, [S]);
      t.set(`${prefix}${norm}.bias`, [S]);
    }
    t.set(`${prefix}mlp.0.weight`, [S, 4 * S]);
    t.set(`${prefix}mlp.0.bias`, [4 * S]);
    t.set(`${prefix}mlp.2.weight`, [4 * S, S]);
    t.set(`${prefix}mlp.2.bias`, [S]);
    for (const attn of ['attn', ...(cross ? ['cross_attn'] : [])]) {
      for (const part of ['query', 'key', 'value', 'out']) t.set(`${prefix}${attn}.${part}.weight`, [S, S]);
      for (const part of ['query', 'value', 'out']) t.set(`${prefix}${attn}.${part}.bias`, [S]);
    }
  };
  for (let i = 0; i < h.n_audio_layer; i += 1) block(`encoder.blocks.${i}.`, A, false);
  t.set('decoder.positional_embedding', [T, h.n_text_ctx]);
  t.set('decoder.token_embedding.weight', [T, h.n_vocab]);
  t.set('decoder.ln.weight', [T]);
  t.set('decoder.ln.bias', [T]);
  for (let i = 0; i < h.n_text_layer; i += 1) block(`decoder.blocks.${i}.`, T, true);
  return t;
}

/** Sequential little-endian reads over a file, buffered. */
class FileReader {
  private buffer = Buffer.alloc(1 << 20);
  private start = 0;
  private end = 0;
  position = 0;
  constructor(private readonly file: FileHandle, readonly size: number) {}

  async bytes(count: number): Promise<Buffer> {
    if (this.position + count > this.size) throw new RangeError('past the end');
    if (this.position < this.start || this.position + count > this.end) {
      if (count > this.buffer.length) this.buffer = Buffer.alloc(count);
      const { bytesRead } = await this.file.read(this.buffer, 0, this.buffer.length, this.position);
      this.start = this.position;
      this.end = this.position + bytesRead;
      if (this.position + count > this.end) throw new RangeError('short read');
    }
    const at = this.position - this.start;
    this.position += count;
    return this.buffer.subarray(at, at + count);
  }
  async int(): Promise<number> {
    return (await this.bytes(4)).readInt32LE(0);
  }
  skip(count: number): void {
    if (this.position + count > this.size) throw new RangeError('past the end');
    this.position += count;
  }
}

const within = (value: number, low: number, high: number) => Number.isInteger(value) && value >= low && value <= high;

/**
 * Reads the whole structure of a whisper.cpp model file without loading its weights (a second or less for 142 MB):
 * resolves with its header, or throws an AnalysisFault (missing, or damaged: not a whisper model, cut short, a tensor
 * missing or of the wrong shape, bytes after the last tensor).
 */
export async function checkWhisperModelFile(path: string): Promise<WhisperModelHeader> {
  let file: FileHandle;
  try {
    file = await open(path, 'r');
  } catch (error) {
    throw new AnalysisFault(MISSING_MODEL_SENTENCE, { retryable: true, cause: error });
  }
  try {
    const reader = new FileReader(file, (await file.stat()).size);
    const damaged = (why: string) => new AnalysisFault(DAMAGED_MODEL_SENTENCE, { retryable: true, cause: new Error(`${path}: ${why}`) });
    try {
      if ((await reader.int()) >>> 0 !== GGML_MAGIC) throw damaged('not a ggml file (bad magic)');
      const values: number[] = [];
      for (let i = 0; i < 11; i += 1) values.push(await reader.int());
      const [n_vocab, n_audio_ctx, n_audio_state, n_audio_head, n_audio_layer, n_text_ctx, n_text_state, n_text_head, n_text_layer, n_mels, ftype] = values as [number, number, number, number, number, number, number, number, number, number, number];
      const header: WhisperModelHeader = { n_vocab, n_audio_ctx, n_audio_state, n_audio_head, n_audio_layer, n_text_ctx, n_text_state, n_text_head, n_text_layer, n_mels, ftype };
      const sane = within(n_vocab, 51864, 52_000) && within(n_audio_ctx, 1, 1500) && within(n_audio_state, 1, 4096)
        && n_audio_state === n_text_state && within(n_audio_head, 1, 64) && n_audio_state % n_audio_head === 0
        && within(n_text_head, 1, 64) && n_text_state % n_text_head === 0 && within(n_audio_layer, 1, 64)
        && within(n_text_layer, 1, 64) && within(n_text_ctx, 8, 448) && within(n_mels, 1, 256) && within(ftype % 1000, 0, 20);
      if (!sane) throw damaged(`implausible dimensions ${JSON.stringify(header)}`);
      const nMel = await reader.int();
      const nFft = await reader.int();
      if (!within(nMel, 1, 256) || !within(nFft, 1, 4096)) throw damaged('implausible mel filters');
      reader.skip(nMel * nFft * 4);
      const vocabulary = await reader.int();
      if (!within(vocabulary, 0, n_vocab)) throw damaged('implausible vocabulary size');
      for (let i = 0; i < vocabulary; i += 1) {
        const length = (await reader.int()) >>> 0;
        if (length > 1024) throw damaged(`token ${i} is ${length} bytes long`);
        reader.skip(length);
      }
      const expected = expectedTensors(header);
      const seen = new Set<string>();
      while (reader.position < reader.size) {
        const dims = await reader.int();
        const nameLength = await reader.int();
        const type = await reader.int();
        const size = TYPE_SIZES.get(type);
        if (!within(dims, 1, 4) || !within(nameLength, 1, 256) || !size) throw damaged(`bad tensor header at byte ${reader.position}`);
        const ne: number[] = [];
        for (let d = 0; d < dims; d += 1) ne.push(await reader.int());
        const name = (await reader.bytes(nameLength)).toString('utf8');
        const shape = expected.get(name);
        if (!shape || seen.has(name)) throw damaged(`unexpected tensor ${name}`);
        if (shape.length !== ne.length || shape.some((n, d) => n !== ne[d])) throw damaged(`tensor ${name} is [${ne.join(', ')}], not [${shape.join(', ')}]`);
        const elements = ne.reduce((a, b) => a * b, 1);
        if (elements % size.block !== 0) throw damaged(`tensor ${name} does not fill its blocks`);
        seen.add(name);
        reader.skip((elements / size.block) * size.bytes);
      }
      if (seen.size !== expected.size) throw damaged(`${expected.size - seen.size} tensors missing`);
      return header;
    } catch (error) {
      if (error instanceof RangeError) throw damaged('cut short');
      throw error;
    }
  } finally {
    await file.close();
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Transcription

/** whisper.cpp's language codes that are not ISO 639-1 codes. */
const LANGUAGE_CODES: Record<string, string | null> = { jw: 'jv', yue: 'zh', haw: null };
/** The languages whisper.cpp knows (its g_lang), in ISO 639-1 where whisper's own code differs. */
const WHISPER_LANGUAGES = new Set(
  ('en zh de es ru ko fr ja pt tr pl ca nl ar sv it id hi fi vi he uk el ms cs ro da hu ta no th ur hr bg lt la mi ml '
    + 'cy sk te fa lv bn sr az sl kn et mk br eu is hy ne mn bs kk sq sw gl mr pa si km sn yo so af oc ka be tg sd gu am '
    + 'yi lo uz fo ht ps tk nn mt sa lb my bo tl mg as tt haw ln ha ba jw su yue').split(' '),
);
const toWhisperLanguage = (iso: string): string | null => {
  const code = iso.trim().toLowerCase() === 'jv' ? 'jw' : iso.trim().toLowerCase();
  return WHISPER_LANGUAGES.has(code) ? code : null;
};
const toIsoLanguage = (whisper: string): string | null => (whisper in LANGUAGE_CODES ? (LANGUAGE_CODES[whisper] ?? null) : whisper || null);

/** A line that is only noise whisper writes for non-speech: "[Music]", "(applause)", "♪ ♪", "...", or nothing. */
export function isNonSpeech(text: string): boolean {
  const rest = text.replace(/\[[^\]]*\]|\([^)]*\)|\*[^*]*\*/g, '');
  return /^[\s\p{P}\p{S}]*$/u.test(rest);
}

/** Where to end the piece that starts at `start`: the quietest 0.1 s shortly before the limit, or the end. */
export function pieceEnd(samples: Float32Array, start: number, pieceSamples = PIECE_SECONDS * PCM_SAMPLE_RATE): number {
  if (samples.length - start <= pieceSamples) return samples.length;
  const frame = PCM_SAMPLE_RATE / 10;
  const from = start + pieceSamples - CUT_SEARCH_SECONDS * PCM_SAMPLE_RATE;
  let best = start + pieceSamples;
  let bestEnergy = Number.POSITIVE_INFINITY;
  for (let at = from; at + frame <= start + pieceSamples; at += frame) {
    let energy = 0;
    for (let i = at; i < at + frame; i += 1) energy += (samples[i] ?? 0) ** 2;
    if (energy < bestEnergy) {
      bestEnergy = energy;
      best = at + frame / 2;
    }
  }
  return best;
}

export interface WhisperEngineOptions {
  /** CPU threads whisper.cpp uses (default: 2, the analysis worker's share). */
  threads?: number;
  /** Beam search (5 beams, whisper's own best) or greedy (faster, a little less exact). Default 'beam'. */
  strategy?: 'beam' | 'greedy';
  /** Use the GPU where the binding was built with one (Metal on Apple silicon). Default false. */
  gpu?: boolean;
}

type Segment = TranscribeDetailedResult<false>;

/** Loads the model at `modelPath` (checked first: a damaged file is an AnalysisFault) and returns an engine on it. */
export async function createWhisperEngine(modelPath: string, options: WhisperEngineOptions = {}): Promise<SpeechEngine> {
  await checkWhisperModelFile(modelPath);
  const binding = smartWhisper();
  let model: WhisperModel;
  try {
    model = await binding.WhisperModel.load(modelPath, options.gpu ?? false);
  } catch (error) {
    throw new AnalysisFault(DAMAGED_MODEL_SENTENCE, { retryable: true, cause: error });
  }
  const threads = Math.max(1, Math.round(options.threads ?? 2));
  const beam = (options.strategy ?? 'beam') === 'beam';
  let disposed = false;
  /** The native call running (it runs to its end even when its caller was cancelled). */
  let inFlight: Promise<unknown> = Promise.resolve();
  /** Calls run one after the other: two at once would only share the same cores. */
  let queue: Promise<unknown> = Promise.resolve();

  const runPiece = (pcm: Float32Array, language: string, onSegment: (segment: Segment) => void): Promise<Segment[]> => {
    const handle = model.handle;
    if (!handle) return Promise.reject(new AnalysisFault(ENGINE_FAILED_SENTENCE, { cause: new Error('the model was freed') }));
    const params: Partial<TranscribeParams<'detail', false>> = {
      format: 'detail', language, n_threads: threads, no_context: true, translate: false,
      print_progress: false, print_realtime: false, print_timestamps: false, print_special: false,
      suppress_blank: true, suppress_non_speech_tokens: true, token_timestamps: false,
      strategy: beam ? 1 : 0, beam_size: 5, best_of: 5,
    };
    const call = new Promise<Segment[]>((resolve, reject) => {
      binding.binding.transcribe<'detail', false>(handle, pcm, params, (results: Segment[] | Error) => {
        // The binding hands an error to the same callback as the results.
        if (results instanceof Error) reject(new AnalysisFault(ENGINE_FAILED_SENTENCE, { cause: results }));
        else resolve(results);
      }, onSegment);
    });
    inFlight = call.catch(() => undefined);
    return call;
  };

  const transcribeNow = async (samples: Float32Array, o: TranscribeOptions): Promise<HeardSpeech> => {
    if (disposed) throw new AnalysisFault(ENGINE_FAILED_SENTENCE, { cause: new Error('the engine was disposed') });
    const { signal, onProgress } = o;
    const cancelled = () => new AnalysisCancelled('Transcription cancelled.');
    if (signal?.aborted) throw cancelled();
    const asked = o.language ? toWhisperLanguage(o.language) : null;
    const lines: TimedText[] = [];
    /** Seconds of speech heard per language (whisper's code). */
    const heard = new Map<string, number>();
    const total = samples.length;
    onProgress?.(0);
    for (let start = 0; start < total;) {
      const end = pieceEnd(samples, start);
      const realSeconds = (end - start) / PCM_SAMPLE_RATE;
      const pcm = new Float32Array(end - start + TAIL_PADDING_SECONDS * PCM_SAMPLE_RATE);
      pcm.set(samples.subarray(start, end));
      const pieceOffset = o.offsetSeconds + start / PCM_SAMPLE_RATE;
      const report = (seconds: number) => onProgress?.(Math.min(1, (start + Math.min(seconds, realSeconds) * PCM_SAMPLE_RATE) / total));
      const piece = runPiece(pcm, asked ?? 'auto', (segment) => report(segment.to / 1000));
      let segments: Segment[];
      if (signal) {
        let onAbort = () => {};
        const aborted = new Promise<never>((_, reject) => {
          onAbort = () => reject(cancelled());
          signal.addEventListener('abort', onAbort, { once: true });
        });
        try {
          segments = await Promise.race([piece, aborted]);
        } finally {
          signal.removeEventListener('abort', onAbort);
        }
      } else {
        segments = await piece;
      }
      for (const segment of segments) {
        const text = segment.text.replace(/\s+/g, ' ').trim();
        if (isNonSpeech(text)) continue;
        const from = Math.min(segment.from / 1000, realSeconds);
        const to = Math.min(Math.max(segment.to / 1000, from), realSeconds);
        if (to <= from && from >= realSeconds) continue;
        lines.push({ start: round(pieceOffset + from), end: round(pieceOffset + to), text });
        heard.set(segment.lang, (heard.get(segment.lang) ?? 0) + (to - from));
      }
      report(realSeconds);
      start = end;
      if (signal?.aborted && start < total) throw cancelled();
    }
    onProgress?.(1);
    let language: string | null = asked;
    if (!language) {
      let most = -1;
      for (const [code, seconds] of heard) {
        if (seconds > most) {
          most = seconds;
          language = code;
        }
      }
    }
    return { language: language ? toIsoLanguage(language) : null, lines };
  };

  return {
    transcribe(samples, o) {
      // After a cancelled call, its piece may still be running: the next call waits for it.
      const run = queue.then(() => inFlight).then(() => transcribeNow(samples, o));
      queue = run.catch(() => undefined);
      return run;
    },
    async dispose() {
      if (disposed) return;
      disposed = true;
      await queue;
      await inFlight;
      await model.free();
    },
  };
}

const round = (seconds: number) => Math.round(seconds * 1000) / 1000;
