import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnalysisCancelled, type AnalysisStep, type TimedText, type TimeSpan } from '../engines';
import { streamPcm } from '../hearing/audioDecode';
import { createAudioLabeller } from '../hearing/audioLabels';
import { createVoiceDetector, mergeSpans } from '../hearing/voiceActivity';
import { changeFrames } from '../screen/frames';
import { createOcrEngine } from '../screen/ocrEngine';
import { readScreenText } from '../screen/screenText';
import { findSponsorDisclosure } from '../screen/sponsorDisclosure';
import type { SpeechEngine } from '../speech/speechEngine';
import type { MediaFindings, MediaJob, SpeechChoice } from './mediaJob';
import { spanSeconds, speechChunks } from './speechChunks';

export type StepProgress = (step: AnalysisStep, fraction: number) => void;

/** The sound is read in windows of this length: a 3-hour file holds one window in memory, not three hours. */
const WINDOW_SECONDS = 300;

async function speechEngineFor(choice: SpeechChoice, threads: number): Promise<SpeechEngine | null> {
  if (choice.engine === 'local') return (await import('../speech/whisperEngine')).createWhisperEngine(choice.modelPath, { threads });
  if (choice.engine === 'service') return (await import('../speech/transcriptionService')).createTranscriptionService({ url: choice.url, key: choice.key, model: choice.model });
  return null;
}

const throwIfAborted = (signal: AbortSignal | undefined): void => {
  if (signal?.aborted) throw new AnalysisCancelled('The analysis was cancelled.');
};

/** Hears the file: one pass finds the speech and labels the sound, a second decodes only the speech for transcription. */
async function hear(job: MediaJob, progress: StepProgress, signal?: AbortSignal) {
  const detector = await createVoiceDetector();
  try {
    const labeller = createAudioLabeller();
    let spans: TimeSpan[] = [];
    progress('decoding_audio', 0);
    const decoded = await streamPcm(job.file, { ffmpegPath: job.ffmpeg, windowSeconds: WINDOW_SECONDS, signal, onProgress: (fraction) => progress('finding_speech', fraction) }, async (offsetSeconds, samples) => {
      const found = await detector.speechSpans(samples, offsetSeconds);
      spans = spans.concat(found);
      labeller.add(samples, offsetSeconds, found);
    });
    if (!decoded.hasAudio) return { hasAudio: false, durationSeconds: decoded.durationSeconds || null, spans: [], audio: null };
    progress('labelling_audio', 1);
    // A stretch of speech across two windows comes as two spans: one again.
    return { hasAudio: true, durationSeconds: decoded.durationSeconds, spans: mergeSpans(spans), audio: labeller.result() as MediaFindings['audio'] };
  } finally {
    await detector.dispose();
  }
}

/** Sends each stretch of speech to the engine; silence and music never reach it (whisper invents words in silence). */
async function transcribe(job: MediaJob, spans: readonly TimeSpan[], progress: StepProgress, signal?: AbortSignal): Promise<MediaFindings['speech']> {
  const chunks = speechChunks(spans);
  if (chunks.length === 0) return null;
  const engine = await speechEngineFor(job.speech, job.threads);
  if (!engine) return null;
  const total = spanSeconds(chunks);
  const lines: TimedText[] = [];
  const languages = new Map<string, number>();
  let done = 0;
  try {
    progress('transcribing', 0);
    for (const chunk of chunks) {
      throwIfAborted(signal);
      const pieces: Float32Array[] = [];
      await streamPcm(job.file, { ffmpegPath: job.ffmpeg, windowSeconds: WINDOW_SECONDS, startSeconds: chunk.start, durationSeconds: chunk.end - chunk.start, signal }, async (_offset, samples) => {
        pieces.push(samples.slice());
      });
      const samples = concat(pieces);
      const length = chunk.end - chunk.start;
      const heard = await engine.transcribe(samples, {
        offsetSeconds: chunk.start, signal, onProgress: (fraction) => progress('transcribing', (done + fraction * length) / total),
      });
      lines.push(...heard.lines);
      if (heard.language) languages.set(heard.language, (languages.get(heard.language) ?? 0) + length);
      done += length;
      progress('transcribing', done / total);
    }
  } finally {
    await engine.dispose();
  }
  // The video's language is the one most of its speech was in (a video in two languages keeps every line).
  const language = [...languages.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
  return { language, lines: lines.sort((a, b) => a.start - b.start) };
}

function concat(pieces: readonly Float32Array[]): Float32Array {
  const out = new Float32Array(pieces.reduce((sum, piece) => sum + piece.length, 0));
  let at = 0;
  for (const piece of pieces) {
    out.set(piece, at);
    at += piece.length;
  }
  return out;
}

/** Reads the words on screen, on frames taken where the picture changes (a still picture's words are read once). */
async function read(job: MediaJob, durationSeconds: number | null, progress: StepProgress, signal?: AbortSignal): Promise<TimedText[]> {
  const outDir = await mkdtemp(join(tmpdir(), 'reelscope-frames-'));
  try {
    progress('reading_screen', 0);
    const frames = await changeFrames(job.file, { ffmpegPath: job.ffmpeg.ffmpeg, outDir, signal, durationSeconds, onProgress: (fraction) => progress('reading_screen', fraction * 0.2) });
    if (frames.length === 0) return [];
    // The OCR models take most of a worker's memory: loaded after speech to text has let go of its model, freed after.
    const ocr = await createOcrEngine();
    try {
      return await readScreenText(frames, ocr, { signal, onProgress: (fraction) => progress('reading_screen', 0.2 + fraction * 0.8) });
    } finally {
      await ocr.dispose();
    }
  } finally {
    await rm(outDir, { recursive: true, force: true });
  }
}

/**
 * Hears and reads one video file (runs in an analysis worker process): the sound's labels and its speech as text
 * (speech only: silence and music are never transcribed), the words seen on screen, and a sponsorship disclosure
 * written there.
 */
export async function analyseMedia(job: MediaJob, progress: StepProgress, signal?: AbortSignal): Promise<MediaFindings> {
  const hearing = job.parts.includes('hear');
  const heard = hearing ? await hear(job, progress, signal) : { hasAudio: false, durationSeconds: null, spans: [], audio: null };
  const speech = heard.hasAudio ? await transcribe(job, heard.spans, progress, signal) : null;
  const screen = job.parts.includes('read') ? await read(job, heard.durationSeconds, progress, signal) : [];
  return {
    durationSeconds: heard.durationSeconds,
    hasAudio: heard.hasAudio,
    speechSeconds: Math.round(spanSeconds(heard.spans) * 10) / 10,
    speech,
    screen,
    audio: heard.audio,
    sponsor: findSponsorDisclosure(screen, job.brands),
  };
}
