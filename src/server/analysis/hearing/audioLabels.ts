/**
 * Audio labels of spec §3 from the sound itself: the share of the video that is speech (from the voice detector's
 * spans), music, silence and loud, each 0..1 of the video's length (they may overlap: speech over music), the labels
 * that cover at least a tenth, and one classification.
 *
 * - silence: 100 ms frames whose RMS is under -45 dBFS;
 * - loud: 100 ms frames whose momentary level (RMS over the last 400 ms, as EBU R128's momentary loudness) is at or
 *   above -10 dBFS — full-scale noise, shouting into the microphone, a blaring horn; speech and mastered music sit lower;
 * - music: 1 s blocks where tones hold still. Music is made of notes held for a while at fixed pitches; speech glides
 *   (its harmonics move with the voice's pitch every few tens of milliseconds) and noise has no steady peaks. Each block
 *   is cut into 64 ms frames (2048-point FFT, Hann window, 32 ms hop); a bin is a tonal peak in a frame when it is the
 *   local maximum and 15 dB above the median of the 33 bins around it; a block is music when at least two separate
 *   peaks between 80 Hz and 5 kHz hold (within one bin) through 60 % of the frames of its first or second half and
 *   carry at least 5 % of the block's energy in that band.
 */
import { PCM_SAMPLE_RATE, type AudioLabel, type AudioLabelShares, type TimeSpan } from '../engines';
import { mergeSpans } from './voiceActivity';

/** The labels as the product stores them (src/server/seed/catalog.ts AUDIO_LABELS). */
export type StoredAudioLabel = 'Speech' | 'Music' | 'Silence' | 'Loud';
export type AudioClassification = 'Speech dominant' | 'Speech with music' | 'Music dominant' | 'Ambient' | 'Silent';

export interface AudioLabelResult {
  shares: AudioLabelShares;
  labels: StoredAudioLabel[];
  classification: AudioClassification;
}

export interface AudioLabeller {
  /** Adds the next samples (16 kHz mono, starting at `offsetSeconds` of the video) and the speech spans found in them. */
  add(samples: Float32Array, offsetSeconds: number, speechSpans: readonly TimeSpan[]): void;
  result(): AudioLabelResult;
}

const STORED: Record<AudioLabel, StoredAudioLabel> = { speech: 'Speech', music: 'Music', silence: 'Silence', loud: 'Loud' };
/** A label is named when it covers at least this share of the video. */
export const LABEL_MIN_SHARE = 0.1;

const FRAME = PCM_SAMPLE_RATE / 10;
const BLOCK = PCM_SAMPLE_RATE;
const SILENCE_DBFS = -45;
const LOUD_DBFS = -10;
const MOMENTARY_FRAMES = 4;
const FFT_SIZE = 2048;
const HOP = 512;
const LOW_BIN = Math.round((80 * FFT_SIZE) / PCM_SAMPLE_RATE);
const HIGH_BIN = Math.round((5000 * FFT_SIZE) / PCM_SAMPLE_RATE);
const PEAK_DB = 15;
const NEIGHBOURHOOD = 16;
const HOLD_SHARE = 0.6;
const MIN_STEADY_PEAKS = 2;
const MIN_STEADY_ENERGY = 0.02;
/** A block quieter than this in the band is not music whatever its shape. */
const MUSIC_FLOOR_DBFS = -50;

const powerOf = (dbfs: number): number => 10 ** (dbfs / 10);

/** Classification from the shares (see the spec's audio_classification). */
export function classify(shares: AudioLabelShares): AudioClassification {
  const { speech, music, silence } = shares;
  if (speech >= 0.25 && music >= 0.25) return 'Speech with music';
  if (speech >= LABEL_MIN_SHARE && speech >= music) return 'Speech dominant';
  if (music >= LABEL_MIN_SHARE) return 'Music dominant';
  if (silence >= 0.8) return 'Silent';
  return 'Ambient';
}

export function createAudioLabeller(durationSeconds?: number): AudioLabeller {
  const spans: TimeSpan[] = [];
  let silentFrames = 0;
  let loudFrames = 0;
  let frames = 0;
  let musicSeconds = 0;
  let heardSeconds = 0;
  let farthest = 0;
  /** The last frames' mean squares, for the momentary level across window boundaries. */
  const recent: number[] = [];
  /** Samples not yet making up a whole block, and where they begin. */
  let pending = new Float32Array(0);
  let pendingAt = 0;
  const spectra = new SpectrumScratch();

  const frameLevels = (block: Float32Array) => {
    for (let at = 0; at < block.length; at += FRAME) {
      const frame = block.subarray(at, Math.min(block.length, at + FRAME));
      if (frame.length < FRAME / 2 && at > 0) break;
      let sum = 0;
      for (const value of frame) sum += value * value;
      const meanSquare = sum / frame.length;
      recent.push(meanSquare);
      if (recent.length > MOMENTARY_FRAMES) recent.shift();
      const momentary = recent.reduce((a, b) => a + b, 0) / recent.length;
      frames += 1;
      if (meanSquare < powerOf(SILENCE_DBFS)) silentFrames += 1;
      if (recent.length === MOMENTARY_FRAMES && momentary >= powerOf(LOUD_DBFS)) loudFrames += 1;
    }
  };

  const processBlock = (block: Float32Array, at: number) => {
    const voiced = spans.some((span) => span.end > at && span.start < at + block.length / PCM_SAMPLE_RATE);
    frameLevels(block);
    const seconds = block.length / PCM_SAMPLE_RATE;
    heardSeconds += seconds;
    if (block.length >= FFT_SIZE * 2 && spectra.isMusic(block, voiced)) musicSeconds += seconds;
  };

  const flush = () => {
    if (pending.length > 0) processBlock(pending, pendingAt);
    pending = new Float32Array(0);
  };

  return {
    add(samples, offsetSeconds, speechSpans) {
      for (const span of speechSpans) spans.push({ start: span.start, end: span.end });
      farthest = Math.max(farthest, offsetSeconds + samples.length / PCM_SAMPLE_RATE);
      const expected = pendingAt + pending.length / PCM_SAMPLE_RATE;
      if (pending.length > 0 && Math.abs(expected - offsetSeconds) > 1 / PCM_SAMPLE_RATE) {
        flush();
        recent.length = 0;
      }
      if (pending.length === 0) pendingAt = offsetSeconds;
      let all: Float32Array = samples;
      if (pending.length > 0) {
        all = new Float32Array(pending.length + samples.length);
        all.set(pending);
        all.set(samples, pending.length);
      }
      let at = 0;
      for (; at + BLOCK <= all.length; at += BLOCK) processBlock(all.subarray(at, at + BLOCK), pendingAt + at / PCM_SAMPLE_RATE);
      pending = all.slice(at);
      pendingAt += at / PCM_SAMPLE_RATE;
    },
    result() {
      flush();
      const length = durationSeconds && durationSeconds > 0 ? durationSeconds : farthest;
      const share = (seconds: number) => (length > 0 ? Math.min(1, Math.max(0, seconds / length)) : 0);
      const speechSeconds = mergeSpans(spans).reduce((sum, span) => sum + Math.max(0, Math.min(span.end, length) - Math.max(0, span.start)), 0);
      const frameSeconds = frames > 0 ? heardSeconds / frames : 0;
      const shares: AudioLabelShares = {
        speech: round(share(speechSeconds)),
        music: round(share(musicSeconds)),
        silence: round(share(silentFrames * frameSeconds)),
        loud: round(share(loudFrames * frameSeconds)),
      };
      const labels = (['speech', 'music', 'silence', 'loud'] as const).filter((label) => shares[label] >= LABEL_MIN_SHARE).map((label) => STORED[label]);
      return { shares, labels, classification: classify(shares) };
    },
  };
}

const round = (share: number): number => Math.round(share * 1000) / 1000;

interface Tone {
  hz: number;
  share: number;
}

/** A voice's pitch range (its fundamental), and how many of its harmonics are looked for. */
const VOICE_LOW_HZ = 70;
const VOICE_HIGH_HZ = 400;
const VOICE_HARMONICS = 10;

/**
 * `tones` less the one harmonic series (a fundamental in the voice's range and its multiples) that explains most of
 * them: what is left is something other than a single voice holding a pitch.
 */
export function withoutVoice(tones: readonly Tone[]): Tone[] {
  const lowest = tones[0];
  if (!lowest) return [];
  const tolerance = (hz: number) => Math.max((1.5 * PCM_SAMPLE_RATE) / FFT_SIZE, 0.03 * hz);
  let best: Tone[] = [...tones];
  for (const tone of tones.slice(0, 3)) {
    for (let k = 1; k <= 3; k += 1) {
      const f0 = tone.hz / k;
      if (f0 < VOICE_LOW_HZ || f0 > VOICE_HIGH_HZ) continue;
      const harmonic = (other: Tone): number => {
        const h = Math.round(other.hz / f0);
        return h >= 1 && h <= VOICE_HARMONICS && Math.abs(other.hz - h * f0) <= tolerance(other.hz) ? h : 0;
      };
      // A voice's steady partials are consecutive harmonics (1-2-3, 2-3-4): only the run from the lowest one found is
      // taken as the voice, so notes that merely share a fundamental (C3 under C5) stay music.
      const found = new Set(tones.map(harmonic).filter((h) => h > 0));
      const first = Math.min(...found);
      let last = first;
      while (found.has(last + 1)) last += 1;
      const rest = tones.filter((other) => {
        const h = harmonic(other);
        return h < first || h > last;
      });
      if (rest.length < best.length) best = rest;
    }
  }
  return best;
}

/** FFT buffers and the steady-tone test, reused block after block. */
class SpectrumScratch {
  private readonly fft = new Fft(FFT_SIZE);
  private readonly window = Float64Array.from({ length: FFT_SIZE }, (_, i) => 0.5 - 0.5 * Math.cos((2 * Math.PI * i) / (FFT_SIZE - 1)));
  private readonly re = new Float64Array(FFT_SIZE);
  private readonly im = new Float64Array(FFT_SIZE);
  private readonly sorted = new Float64Array(2 * NEIGHBOURHOOD + 1);

  /**
   * Whether the block holds steady tones (see the module's note). `voiced`: speech was found in the block, so one
   * harmonic series (a voice held on one pitch, as synthetic and sung speech is) does not count as music.
   */
  isMusic(block: Float32Array, voiced: boolean): boolean {
    const count = Math.floor((block.length - FFT_SIZE) / HOP) + 1;
    const bins = HIGH_BIN - LOW_BIN + 1;
    const peaks: Uint8Array[] = [];
    const power = new Float64Array(bins);
    let bandEnergy = 0;
    const framePowers: Float64Array[] = [];
    for (let f = 0; f < count; f += 1) {
      const at = f * HOP;
      for (let i = 0; i < FFT_SIZE; i += 1) {
        this.re[i] = (block[at + i] ?? 0) * (this.window[i] ?? 0);
        this.im[i] = 0;
      }
      this.fft.transform(this.re, this.im);
      const spectrum = new Float64Array(bins);
      for (let k = 0; k < bins; k += 1) {
        const re = this.re[LOW_BIN + k] ?? 0;
        const im = this.im[LOW_BIN + k] ?? 0;
        spectrum[k] = re * re + im * im;
        power[k] = (power[k] ?? 0) + (spectrum[k] ?? 0);
        bandEnergy += spectrum[k] ?? 0;
      }
      framePowers.push(spectrum);
      peaks.push(this.peaksOf(spectrum));
    }
    // Parseval with a Hann window: half a frame's spectrum sums to 3N²/16 times the frame's mean square.
    const meanFramePower = bandEnergy / count / ((3 * FFT_SIZE * FFT_SIZE) / 16);
    if (meanFramePower < powerOf(MUSIC_FLOOR_DBFS)) return false;
    // Half-second stretches a quarter second apart: a note held 0.3 s holds through 60 % of one of them wherever it falls.
    const span = Math.floor(count / 2);
    const starts = [0, Math.floor(count / 4), count - span];
    return starts.some((start) => {
      const all = this.steady(peaks.slice(start, start + span), power, bandEnergy);
      const tones = voiced ? withoutVoice(all) : all;
      return tones.length >= MIN_STEADY_PEAKS && tones.reduce((sum, tone) => sum + tone.share, 0) >= MIN_STEADY_ENERGY;
    });
  }

  /** The tones that hold through the frames of `peaks`: their frequency and share of the band's energy. */
  private steady(peaks: Uint8Array[], power: Float64Array, bandEnergy: number): { hz: number; share: number }[] {
    if (peaks.length === 0) return [];
    const bins = power.length;
    const held = new Uint16Array(bins);
    for (const frame of peaks) {
      for (let k = 0; k < bins; k += 1) if (frame[k] || frame[k - 1] || frame[k + 1]) held[k] = (held[k] ?? 0) + 1;
    }
    const need = HOLD_SHARE * peaks.length;
    const tones: { hz: number; share: number }[] = [];
    for (let k = 0; k < bins; k += 1) {
      if ((held[k] ?? 0) < need) continue;
      // A run of held bins is one tone: counted once, with the energy of its bins.
      const start = k;
      while (k + 1 < bins && (held[k + 1] ?? 0) >= need) k += 1;
      let energy = 0;
      for (let j = Math.max(0, start - 1); j <= Math.min(bins - 1, k + 1); j += 1) energy += power[j] ?? 0;
      tones.push({ hz: Math.round((((start + k) / 2 + LOW_BIN) * PCM_SAMPLE_RATE) / FFT_SIZE), share: Math.round((energy / bandEnergy) * 1000) / 1000 });
    }
    return tones;
  }

  /** 1 where the bin is a local maximum 15 dB above the median of the bins around it. */
  private peaksOf(spectrum: Float64Array): Uint8Array {
    const out = new Uint8Array(spectrum.length);
    const ratio = 10 ** (PEAK_DB / 10);
    for (let k = 1; k < spectrum.length - 1; k += 1) {
      const value = spectrum[k] ?? 0;
      if (value <= 0 || value < (spectrum[k - 1] ?? 0) || value < (spectrum[k + 1] ?? 0)) continue;
      const from = Math.max(0, k - NEIGHBOURHOOD);
      const to = Math.min(spectrum.length - 1, k + NEIGHBOURHOOD);
      const n = to - from + 1;
      const around = this.sorted.subarray(0, n);
      around.set(spectrum.subarray(from, to + 1));
      around.sort();
      const median = around[Math.floor(n / 2)] ?? 0;
      if (value >= ratio * median) out[k] = 1;
    }
    return out;
  }
}

/** An in-place iterative radix-2 complex FFT of a fixed power-of-two size. */
export class Fft {
  private readonly cos: Float64Array;
  private readonly sin: Float64Array;
  private readonly reversed: Uint32Array;

  constructor(readonly size: number) {
    if (size < 2 || (size & (size - 1)) !== 0) throw new RangeError('The FFT size must be a power of two');
    this.cos = Float64Array.from({ length: size / 2 }, (_, i) => Math.cos((-2 * Math.PI * i) / size));
    this.sin = Float64Array.from({ length: size / 2 }, (_, i) => Math.sin((-2 * Math.PI * i) / size));
    const bits = Math.log2(size);
    this.reversed = Uint32Array.from({ length: size }, (_, i) => {
      let r = 0;
      for (let b = 0; b < bits; b += 1) r |= ((i >> b) & 1) << (bits - 1 - b);
      return r;
    });
  }

  transform(re: Float64Array, im: Float64Array): void {
    const n = this.size;
    for (let i = 0; i < n; i += 1) {
      const j = this.reversed[i] ?? 0;
      if (j > i) {
        const tr = re[i] ?? 0;
        re[i] = re[j] ?? 0;
        re[j] = tr;
        const ti = im[i] ?? 0;
        im[i] = im[j] ?? 0;
        im[j] = ti;
      }
    }
    for (let len = 2; len <= n; len <<= 1) {
      const halfLen = len >> 1;
      const step = n / len;
      for (let i = 0; i < n; i += len) {
        for (let j = 0; j < halfLen; j += 1) {
          const wr = this.cos[j * step] ?? 0;
          const wi = this.sin[j * step] ?? 0;
          const a = i + j;
          const b = a + halfLen;
          const xr = (re[b] ?? 0) * wr - (im[b] ?? 0) * wi;
          const xi = (re[b] ?? 0) * wi + (im[b] ?? 0) * wr;
          re[b] = (re[a] ?? 0) - xr;
          im[b] = (im[a] ?? 0) - xi;
          re[a] = (re[a] ?? 0) + xr;
          im[a] = (im[a] ?? 0) + xi;
        }
      }
    }
  }
}
