import type { AudioFindings } from '../../../shared/http/uploads.schemas';
import type { AnalysisSettingsRepository } from '../../repositories/analysisSettingsRepository';
import type { FfmpegTools } from '../embeddedSubtitles';
import { AnalysisFault, type TimedText } from '../engines';
import type { FoundTranscript } from '../transcriptSource';
import type { StepProgress } from './analyseMedia';
import type { MediaAnalyser } from './mediaAnalyser';
import type { SpeechChoice } from './mediaJob';
import { effectiveSettings, speechChoiceFor, type SpeechEnvironment } from './speechSetup';

export const NO_SPEECH_NOTE = 'No speech in this video.';
export const NO_SOUND_NOTE = 'This video has no sound, so no speech was heard.';

/** What hearing and reading a file found, and the transcript the video keeps. */
export interface Heard {
  found: FoundTranscript;
  screen: TimedText[];
  speechSeconds: number | null;
  audio: AudioFindings | null;
  sponsor: { sponsoredBy: string | null; second: number; phrase: string } | null;
}

export interface HearAndReadInput {
  analyser: MediaAnalyser;
  speech: SpeechEnvironment;
  settings: AnalysisSettingsRepository;
  ffmpeg: FfmpegTools;
  file: string;
  brandId: string;
  brands: { id: string; name: string }[];
  /** What the subtitles gave: a subtitle file or stream is the transcript, and speech is then not transcribed. */
  found: FoundTranscript;
  signal: AbortSignal;
  onProgress: StepProgress;
}

const fromSubtitles = (found: FoundTranscript): boolean => found.source === 'subtitle_file' || found.source === 'embedded_stream';

/**
 * Hears and reads a video file in a worker: speech to text (unless subtitles gave the transcript, or the brand turned
 * it off), the words on screen and the sound's labels. A speech engine that cannot run (no model yet and no network)
 * leaves the rest of the analysis standing, with its sentence as the note; a service's failure fails the run (it is
 * tried again later), so nothing is stored as if no one had spoken.
 */
export async function hearAndRead(input: HearAndReadInput): Promise<Heard> {
  const settings = effectiveSettings(await input.settings.of(input.brandId), input.speech);
  let choice: SpeechChoice = { engine: 'off' };
  let speechNote: string | null = null;
  if (!fromSubtitles(input.found)) {
    try {
      choice = await speechChoiceFor(settings, input.speech, { signal: input.signal, onProgress: (fraction) => input.onProgress('downloading_model', fraction) });
    } catch (error) {
      if (!(error instanceof AnalysisFault) || settings.speechEngine === 'service') throw error;
      speechNote = `Speech was not transcribed: ${error.message}`;
    }
  }
  // Heard and read in two worker processes, one after the other: the speech model and the OCR models are never in
  // one process's memory together (each takes most of a worker's budget).
  const job = { file: input.file, ffmpeg: input.ffmpeg, speech: choice, brands: input.brands, threads: 1 };
  const heard = await input.analyser.analyse({ ...job, parts: ['hear'] }, { signal: input.signal, onProgress: input.onProgress });
  const seen = await input.analyser.analyse({ ...job, parts: ['read'] }, { signal: input.signal, onProgress: input.onProgress });
  const findings = { ...heard, screen: seen.screen, sponsor: seen.sponsor };
  let found = input.found;
  const heardLines = findings.speech?.lines ?? [];
  if (heardLines.length > 0) {
    found = {
      source: choice.engine === 'service' ? 'transcription_service' : 'speech_to_text',
      lines: heardLines.map((line) => ({ start_time: line.start, end_time: line.end, content: line.text, speaker: null })),
      note: null,
    };
  } else if (!fromSubtitles(found)) {
    const note = !findings.hasAudio ? NO_SOUND_NOTE : findings.speechSeconds === 0 ? NO_SPEECH_NOTE : speechNote ?? (choice.engine === 'off' ? found.note : NO_SPEECH_NOTE);
    found = { ...found, note };
  }
  return {
    found,
    screen: findings.screen,
    speechSeconds: findings.hasAudio ? findings.speechSeconds : null,
    audio: findings.audio,
    sponsor: findings.sponsor,
  };
}
