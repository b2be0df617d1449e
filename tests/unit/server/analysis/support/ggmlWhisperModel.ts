/**
 * Writes whisper.cpp model files (the legacy ggml format its loader reads: src/whisper.cpp `whisper_model_load`) for the
 * tests and the bench, so they run the real engine on a model file they made themselves.
 *
 * Layout: magic 0x67676d6c; eleven int32 hparams (n_vocab, n_audio_ctx, n_audio_state, n_audio_head, n_audio_layer,
 * n_text_ctx, n_text_state, n_text_head, n_text_layer, n_mels, ftype); the mel filters (int32 n_mel, int32 n_fft, then
 * n_mel × n_fft float32); the vocabulary (int32 count, then per token uint32 length + bytes; whisper.cpp names the ids
 * the file leaves out itself, special tokens included); then every tensor as int32 n_dims, int32 name length, int32
 * type (0 f32, 1 f16), n_dims × int32 ne (ne[0] varies fastest), the name, and the data. ftype 0 stores everything in
 * float32; ftype 1 stores the matrices in float16 (biases, norms and positional embeddings stay float32).
 *
 * How a file is made to say a chosen text at chosen seconds while the real log-mel and encoder run: every decoder
 * block's output projections (self-attention out, cross-attention out, MLP second layer) are zero, so each block adds
 * nothing and the residual stream at position p is token_embedding[token] + positional_embedding[p]. Each token the
 * decoder must emit owns one axis of the state: its token-embedding row is 1 on that axis and 0 elsewhere. The
 * positional embedding of position p is 100 on the axis of the token wanted after position p, so that axis dominates
 * the stream whatever token came in; the final layer norm turns it into a logit of about 28 for the wanted token
 * (logits are the stream times the token embedding: whisper ties them), 0 for every other token. Position 0 (the
 * `<|startoftranscript|>` the language detection decodes) points at `<|en|>`; whisper.cpp's prompt is
 * `<|startoftranscript|> <|en|> <|transcribe|>` (no past context: the engine decodes with `no_context`), so the
 * emitted tokens follow from position 2 on: `<|t0|> words… <|t1|> <|t1|> words… <|t2|> <|30.00|> <|endoftext|>`.
 * The closing `<|30.00|>` moves whisper's 30-second window on past the audio, so a clip of up to 31 s is decoded once.
 * whisper.cpp starts a segment at the first timestamp of a pair, so each segment starts where the one before ended.
 */
import type { WhisperModelHeader } from '../../../../../src/server/analysis/speech/whisperEngine';
import { closeSync, openSync, writeSync } from 'node:fs';

/** A model's dimensions: the header the engine checks, less the number type the writer chooses per file. */
export type WhisperDims = Omit<WhisperModelHeader, 'ftype'>;

/** Tiny dimensions: a 1-layer encoder and decoder of width 64 (float16: about 7 MB, most of it the token embedding). */
export const TINY_DIMS: WhisperDims = {
  n_vocab: 51865, n_audio_ctx: 1500, n_audio_state: 64, n_audio_head: 2, n_audio_layer: 1,
  n_text_ctx: 448, n_text_state: 64, n_text_head: 2, n_text_layer: 1, n_mels: 80,
};

/** whisper base's dimensions (ggml-base.bin, 74 M parameters), float16 like the published file. */
export const BASE_DIMS: WhisperDims = {
  n_vocab: 51865, n_audio_ctx: 1500, n_audio_state: 512, n_audio_head: 8, n_audio_layer: 6,
  n_text_ctx: 448, n_text_state: 512, n_text_head: 8, n_text_layer: 6, n_mels: 80,
};

/** A line the model says: its tokens (each a vocabulary entry, e.g. " Glow"), from `start` to `end` seconds. */
export interface ScriptedSegment {
  start: number;
  end: number;
  tokens: string[];
}

const MAGIC = 0x67676d6c;
const SAMPLE_RATE = 16_000;
const N_FFT = 400;
/** Seconds per timestamp token. */
const TIMESTAMP_STEP = 0.02;
const WINDOW_SECONDS = 30;
const TYPE_F32 = 0;
const TYPE_F16 = 1;

/** Special token ids of a multilingual vocabulary (n_vocab ≥ 51865), as whisper.cpp computes them. */
export function specialTokens(nVocab: number) {
  if (nVocab < 51865) throw new Error('Only multilingual vocabularies (n_vocab ≥ 51865) are written: they detect the language.');
  const languages = nVocab - 51765 - 1;
  const dt = languages - 98;
  return {
    eot: 50257, sot: 50258, en: 50259, transcribe: 50358 + dt, beg: 50363 + dt,
    timestamp: (seconds: number) => 50363 + dt + Math.round(seconds / TIMESTAMP_STEP),
  };
}

/** A deterministic generator (mulberry32) of values in [-1, 1). */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) / 2 ** 31) - 1;
  };
}

const f32View = new Float32Array(1);
const u32View = new Uint32Array(f32View.buffer);
/** IEEE half-precision bits of a float (round to nearest; the small magnitudes these files hold). */
function toHalf(value: number): number {
  f32View[0] = value;
  const x = u32View[0] ?? 0;
  const sign = (x >>> 16) & 0x8000;
  const exponent = ((x >>> 23) & 0xff) - 127 + 15;
  const mantissa = x & 0x7fffff;
  if (exponent <= 0) {
    if (exponent < -10) return sign;
    const m = (mantissa | 0x800000) >>> (1 - exponent);
    return sign | ((m + 0x1000) >>> 13);
  }
  if (exponent >= 31) return sign | 0x7c00;
  return sign | ((exponent << 10) | (mantissa >>> 13)) + ((mantissa >>> 12) & 1);
}

/** Slaney-style mel filter bank (librosa's default, what whisper's mel_filters.npz holds): n_mels × (n_fft/2 + 1). */
function melFilters(nMels: number): Float32Array {
  const bins = N_FFT / 2 + 1;
  const hzToMel = (hz: number) => (hz < 1000 ? hz / (200 / 3) : 15 + Math.log(hz / 1000) / (Math.log(6.4) / 27));
  const melToHz = (mel: number) => (mel < 15 ? mel * (200 / 3) : 1000 * Math.exp((Math.log(6.4) / 27) * (mel - 15)));
  const top = hzToMel(SAMPLE_RATE / 2);
  const edges = Array.from({ length: nMels + 2 }, (_, i) => melToHz((top * i) / (nMels + 1)));
  const filters = new Float32Array(nMels * bins);
  for (let m = 0; m < nMels; m += 1) {
    const [lo, mid, hi] = [edges[m] ?? 0, edges[m + 1] ?? 0, edges[m + 2] ?? 0];
    const norm = 2 / (hi - lo);
    for (let k = 0; k < bins; k += 1) {
      const hz = (k * SAMPLE_RATE) / N_FFT;
      const weight = Math.max(0, Math.min((hz - lo) / (mid - lo), (hi - hz) / (hi - mid)));
      filters[m * bins + k] = weight * norm;
    }
  }
  return filters;
}

class ModelWriter {
  private readonly fd: number;
  constructor(path: string) {
    this.fd = openSync(path, 'w');
  }
  ints(values: number[]): void {
    writeSync(this.fd, Buffer.from(new Int32Array(values).buffer));
  }
  bytes(buffer: Uint8Array): void {
    writeSync(this.fd, buffer);
  }
  tensor(name: string, ne: number[], half: boolean, fill: (data: Float32Array) => void): void {
    const count = ne.reduce((a, b) => a * b, 1);
    const data = new Float32Array(count);
    fill(data);
    const nameBytes = Buffer.from(name, 'utf8');
    this.ints([ne.length, nameBytes.length, half ? TYPE_F16 : TYPE_F32, ...ne]);
    this.bytes(nameBytes);
    if (!half) {
      this.bytes(new Uint8Array(data.buffer));
      return;
    }
    const halves = new Uint16Array(count);
    for (let i = 0; i < count; i += 1) halves[i] = toHalf(data[i] ?? 0);
    this.bytes(new Uint8Array(halves.buffer));
  }
  close(): void {
    closeSync(this.fd);
  }
}

interface ModelOptions {
  dims: WhisperDims;
  /** 1: matrices float16 (0, all float32, loads but this whisper.cpp's convolution asserts float16 weights). */
  ftype: 0 | 1;
  segments: ScriptedSegment[];
  seed?: number;
}

/** The tokens the decoder emits per 30-second window, after the prompt. */
function emittedTokens(segments: ScriptedSegment[], ids: ReturnType<typeof specialTokens>, tokenId: Map<string, number>): number[] {
  const out: number[] = [];
  let previousEnd: number | null = null;
  for (const segment of segments) {
    for (const time of [segment.start, segment.end]) {
      if (Math.abs(time / TIMESTAMP_STEP - Math.round(time / TIMESTAMP_STEP)) > 1e-6) throw new Error(`${time} s is not a multiple of 0.02 s.`);
    }
    if (previousEnd === null && segment.start > 1) throw new Error('whisper.cpp allows the first timestamp at 1.0 s at most (max_initial_ts).');
    if (previousEnd !== null && Math.abs(segment.start - previousEnd) > 1e-9) throw new Error('whisper.cpp starts a segment where the one before ended: give that start.');
    if (segment.end <= segment.start || segment.end >= WINDOW_SECONDS) throw new Error('A segment ends after it starts and before 30 s.');
    if (segment.tokens.length === 0) throw new Error('A segment says something.');
    out.push(ids.timestamp(segment.start), ...segment.tokens.map((token) => tokenId.get(token) ?? -1), ids.timestamp(segment.end));
    previousEnd = segment.end;
  }
  out.push(ids.timestamp(WINDOW_SECONDS), ids.eot);
  return out;
}

/** Writes a model file that says `segments` (see the header); encoder and decoder attention/MLP inputs are random. */
export function writeScriptedWhisperModel(path: string, options: ModelOptions): void {
  const { dims, ftype, segments } = options;
  const next = random(options.seed ?? 41);
  const ids = specialTokens(dims.n_vocab);
  const half = ftype === 1;
  const A = dims.n_audio_state;
  const T = dims.n_text_state;
  if (A !== T) throw new Error('whisper.cpp needs n_audio_state = n_text_state.');

  // The vocabulary: " " (suppress_blank looks it up), then every word the segments say.
  const words = [' ', ...new Set(segments.flatMap((segment) => segment.tokens).filter((token) => token !== ' '))];
  const tokenId = new Map(words.map((word, i) => [word, i]));

  const emitted = emittedTokens(segments, ids, tokenId);
  if (emitted.length + 2 > dims.n_text_ctx / 2) throw new Error('Too many tokens for one window of this decoder.');
  const outputs = [...new Set([ids.en, ...emitted])];
  if (outputs.length > T) throw new Error(`${outputs.length} distinct tokens do not fit a state of ${T}.`);
  const axis = new Map(outputs.map((token, i) => [token, i]));
  // Wanted token after each position: position 0 → <|en|> (language detection), 2 + k → emitted[k].
  const wanted = new Map<number, number>([[0, ids.en], [1, ids.transcribe]]);
  emitted.forEach((token, k) => wanted.set(2 + k, token));

  const w = new ModelWriter(path);
  try {
    w.ints([MAGIC, dims.n_vocab, dims.n_audio_ctx, A, dims.n_audio_head, dims.n_audio_layer, dims.n_text_ctx, T, dims.n_text_head, dims.n_text_layer, dims.n_mels, ftype]);
    w.ints([dims.n_mels, N_FFT / 2 + 1]);
    w.bytes(new Uint8Array(melFilters(dims.n_mels).buffer));
    w.ints([words.length]);
    for (const word of words) {
      const bytes = Buffer.from(word, 'utf8');
      w.ints([bytes.length]);
      w.bytes(bytes);
    }

    const randomFill = (scale: number) => (data: Float32Array) => { for (let i = 0; i < data.length; i += 1) data[i] = next() * scale; };
    const constant = (value: number) => (data: Float32Array) => { data.fill(value); };
    const zero = constant(0);
    const matrix = (fanIn: number) => randomFill(1 / Math.sqrt(fanIn));

    // Encoder: random throughout (what the real encoder computes costs the same whatever the weights are).
    w.tensor('encoder.positional_embedding', [A, dims.n_audio_ctx], false, randomFill(0.1));
    w.tensor('encoder.conv1.weight', [3, dims.n_mels, A], half, matrix(3 * dims.n_mels));
    w.tensor('encoder.conv1.bias', [1, A], false, randomFill(0.01));
    w.tensor('encoder.conv2.weight', [3, A, A], half, matrix(3 * A));
    w.tensor('encoder.conv2.bias', [1, A], false, randomFill(0.01));
    w.tensor('encoder.ln_post.weight', [A], false, constant(1));
    w.tensor('encoder.ln_post.bias', [A], false, zero);
    for (let i = 0; i < dims.n_audio_layer; i += 1) {
      const p = `encoder.blocks.${i}.`;
      w.tensor(`${p}mlp_ln.weight`, [A], false, constant(1));
      w.tensor(`${p}mlp_ln.bias`, [A], false, zero);
      w.tensor(`${p}mlp.0.weight`, [A, 4 * A], half, matrix(A));
      w.tensor(`${p}mlp.0.bias`, [4 * A], false, randomFill(0.01));
      w.tensor(`${p}mlp.2.weight`, [4 * A, A], half, matrix(4 * A));
      w.tensor(`${p}mlp.2.bias`, [A], false, randomFill(0.01));
      w.tensor(`${p}attn_ln.weight`, [A], false, constant(1));
      w.tensor(`${p}attn_ln.bias`, [A], false, zero);
      w.tensor(`${p}attn.query.weight`, [A, A], half, matrix(A));
      w.tensor(`${p}attn.query.bias`, [A], false, randomFill(0.01));
      w.tensor(`${p}attn.key.weight`, [A, A], half, matrix(A));
      w.tensor(`${p}attn.value.weight`, [A, A], half, matrix(A));
      w.tensor(`${p}attn.value.bias`, [A], false, randomFill(0.01));
      w.tensor(`${p}attn.out.weight`, [A, A], half, matrix(A));
      w.tensor(`${p}attn.out.bias`, [A], false, randomFill(0.01));
    }

    // Decoder: the stream is token + position embedding (see the header).
    w.tensor('decoder.positional_embedding', [T, dims.n_text_ctx], false, (data) => {
      for (const [position, token] of wanted) {
        if (position < dims.n_text_ctx && axis.has(token)) data[position * T + (axis.get(token) ?? 0)] = 100;
      }
    });
    w.tensor('decoder.token_embedding.weight', [T, dims.n_vocab], half, (data) => {
      for (const [token, a] of axis) data[token * T + a] = 1;
    });
    // Layer norm of a one-axis stream puts sqrt(T - 1) on that axis: scale it to a logit of about 28.
    w.tensor('decoder.ln.weight', [T], false, constant(28 / Math.sqrt(T - 1)));
    w.tensor('decoder.ln.bias', [T], false, zero);
    for (let i = 0; i < dims.n_text_layer; i += 1) {
      const p = `decoder.blocks.${i}.`;
      w.tensor(`${p}mlp_ln.weight`, [T], false, constant(1));
      w.tensor(`${p}mlp_ln.bias`, [T], false, zero);
      w.tensor(`${p}mlp.0.weight`, [T, 4 * T], half, matrix(T));
      w.tensor(`${p}mlp.0.bias`, [4 * T], false, randomFill(0.01));
      w.tensor(`${p}mlp.2.weight`, [4 * T, T], half, zero);
      w.tensor(`${p}mlp.2.bias`, [T], false, zero);
      w.tensor(`${p}attn_ln.weight`, [T], false, constant(1));
      w.tensor(`${p}attn_ln.bias`, [T], false, zero);
      w.tensor(`${p}attn.query.weight`, [T, T], half, matrix(T));
      w.tensor(`${p}attn.query.bias`, [T], false, randomFill(0.01));
      w.tensor(`${p}attn.key.weight`, [T, T], half, matrix(T));
      w.tensor(`${p}attn.value.weight`, [T, T], half, matrix(T));
      w.tensor(`${p}attn.value.bias`, [T], false, randomFill(0.01));
      w.tensor(`${p}attn.out.weight`, [T, T], half, zero);
      w.tensor(`${p}attn.out.bias`, [T], false, zero);
      w.tensor(`${p}cross_attn_ln.weight`, [T], false, constant(1));
      w.tensor(`${p}cross_attn_ln.bias`, [T], false, zero);
      w.tensor(`${p}cross_attn.query.weight`, [T, T], half, matrix(T));
      w.tensor(`${p}cross_attn.query.bias`, [T], false, randomFill(0.01));
      w.tensor(`${p}cross_attn.key.weight`, [T, T], half, matrix(T));
      w.tensor(`${p}cross_attn.value.weight`, [T, T], half, matrix(T));
      w.tensor(`${p}cross_attn.value.bias`, [T], false, randomFill(0.01));
      w.tensor(`${p}cross_attn.out.weight`, [T, T], half, zero);
      w.tensor(`${p}cross_attn.out.bias`, [T], false, zero);
    }
  } finally {
    w.close();
  }
}

/**
 * The tiny test model: 1 layer of width 64, float16 matrices (this whisper.cpp's convolution needs float16 weights),
 * about 7 MB, saying `segments`.
 */
export function writeTinyWhisperModel(path: string, segments: ScriptedSegment[]): void {
  writeScriptedWhisperModel(path, { dims: TINY_DIMS, ftype: 1, segments });
}

const BENCH_WORDS = (
  'so today I want to show you the new glow serum it feels light on the skin and absorbs really quickly which I love ' +
  'after two weeks my face looks brighter and honestly the texture is better than anything I tried before the bottle ' +
  'lasts about a month and the price is fair for what you get'
).split(' ').map((word) => ` ${word}`);

/**
 * A model at real dimensions with random encoder and decoder weights, for timing (`dims: 'base'`). Its decoder says
 * 10 lines of 9 words per 30-second window (about 3 words a second, like a person talking), so the bench pays for a
 * realistic number of decoded tokens; what the words are does not matter. About 147 MB, like ggml-base.bin.
 */
export function writeRandomWhisperModel(path: string, dims: 'base'): void {
  const segments: ScriptedSegment[] = Array.from({ length: 10 }, (_, i) => ({
    start: i === 0 ? 0.4 : 0.4 + i * 2.8,
    end: 0.4 + (i + 1) * 2.8,
    tokens: Array.from({ length: 9 }, (_, w) => BENCH_WORDS[(i * 9 + w) % BENCH_WORDS.length] ?? ' so'),
  }));
  writeScriptedWhisperModel(path, { dims: dims === 'base' ? BASE_DIMS : BASE_DIMS, ftype: 1, segments, seed: 7 });
}
