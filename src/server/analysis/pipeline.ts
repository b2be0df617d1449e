import type { BrandSafety, Topic } from '../../shared/domain/video';
import type { AnalysisSummary } from '../../shared/http/uploads.schemas';
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { randomUUID } from 'node:crypto';
import { LostClaimError, type AnalysisRepository, type Claim } from '../repositories/analysisRepository';
import { join } from 'node:path';
import type { MediaStore } from '../media/mediaStore';
import { withLocalCopy } from '../media/mediaTransfers';
import { MEDIA_URL_PREFIX } from '../../shared/domain/workspace';
import type { FfmpegTools } from './embeddedSubtitles';
import type { AnalysisTimer } from './timer';
import { buildTopicVocabulary } from './topicVocabulary';
import { findTranscript } from './transcriptSource';
import { AnalysisCancelled, AnalysisFault } from './engines';
import type { MediaAnalyser } from './media/mediaAnalyser';
import { hearAndRead, type Heard } from './media/hearAndRead';
import type { SpeechEnvironment } from './media/speechSetup';
import type { AnalysisSettingsRepository } from '../repositories/analysisSettingsRepository';
import { probeDurationSeconds, thumbnailFileOf, writePosterFrame } from './videoFrame';

export interface PipelineOptions {
  /** The pipeline's tables (jobs, the videos analysed, their results). */
  repo: AnalysisRepository;
  now: () => Date;
  timer: AnalysisTimer;
  /** How long an analysis takes from queueing to 'completed' (REELSCOPE_ANALYSIS_DELAY_MS). */
  delayMs: number;
  /** Where the uploaded videos, their subtitle files and the poster frames are kept (null: no media at all). */
  media: MediaStore | null;
  ffmpeg: FfmpegTools;
  /** Called after each run (tests await it; errors are logged, never thrown). */
  onSettled?: (videoId: string, error: Error | null) => void;
  /**
   * Hears and reads each video file (speech to text, words on screen, the sound's labels) in worker processes; null
   * reads only subtitle files (unit tests of the rest of the pipeline).
   */
  hearing?: { analyser: MediaAnalyser; speech: SpeechEnvironment; settings: AnalysisSettingsRepository } | null;
  /** This instance's id in the jobs' claims (a new one per start). */
  owner?: string;
  /**
   * How often (ms) to look for due jobs no instance holds — queued through another instance, or left by one that died
   * (lease run out); 0 looks only at this instance's own timers (one process per database, and the tests' manual timer).
   */
  pollMs?: number;
  /** How long a claim holds without renewal (ms); renewed every third of it while the run lasts. */
  leaseMs?: number;
}

/** A claim outlives a stalled event loop or a slow transcript by far; a dead instance's jobs wait at most this long. */
export const JOB_LEASE_MS = 30_000;
/** How often a back end looks for due analysis jobs that no instance holds. */
export const JOB_POLL_MS = 5_000;

/** The analysis pipeline of the embedded back end: pending → processing → completed (analysis_stage). */
export interface AnalysisPipeline {
  /**
   * A new video whose media (if any) is in place: 'pending' now (stored when this resolves), 'processing' at the next
   * tick, 'completed' after the delay.
   */
  submit(videoId: string): Promise<void>;
  /** Runs the analysis again: 'processing' now (stored when this resolves), 'completed' after the delay. */
  reanalyze(videoId: string): Promise<void>;
  /** Re-arms the timers of every queued or processing job (start-up after a restart). Resolves to how many. */
  resume(): Promise<number>;
  /** Cancels the timers (shutdown). The jobs stay in the database and resume at the next start. */
  stop(): void;
  /** Runs in flight (scheduled or finishing). */
  pending(): number;
  /** Stops renewing this instance's claims without releasing them, as if its process died (tests of another instance taking over). */
  abandon(): void;
  /** Stops the run of this video under way here, if any (a delete); nothing of it is written. */
  cancel(videoId: string): void;
}

/** A service that asked to wait, or could not be reached, is tried again this many times, later each time. */
export const ANALYSIS_ATTEMPTS = 5;
/** Seconds before the next try: 30 s, 2 min, 8 min, 32 min (or what the service's Retry-After asked, if longer). */
export const retryDelaySeconds = (attempt: number, asked: number | null): number => Math.max(asked ?? 0, 30 * 4 ** Math.max(0, attempt - 1));

function emptySummary(): AnalysisSummary {
  return {
    transcript_source: null, transcript_lines: 0, note: null, language: null, sentiment: null, topics: [], keywords: [], foul_language: null, mentions: [], runs: 0,
    completed_at: null, screen_lines: 0, speech_seconds: null, audio: null, sponsor: null,
  };
}

/** Parses a stored summary, tolerating an empty or foreign object. */
export function readSummary(text: string | null | undefined): AnalysisSummary {
  try {
    return { ...emptySummary(), ...(JSON.parse(text ?? '{}') as Partial<AnalysisSummary>) };
  } catch {
    return emptySummary();
  }
}

const FEELINGS = ['positive', 'negative', 'neutral'] as const;
const asFeeling = (value: string): (typeof FEELINGS)[number] | undefined => FEELINGS.find((feeling) => feeling === value);

/** A video's stored sentiment as the summary's shares; null when none was ever found (both shares 0). */
function storedSentiment(video: { sentiment_positive: number; sentiment_negative: number }): AnalysisSummary['sentiment'] {
  const { sentiment_positive: positive, sentiment_negative: negative } = video;
  if (positive + negative === 0) return null;
  return { positive, negative, neutral: Math.round((1 - positive - negative) * 1000) / 1000 };
}

function readTopics(text: string): Topic[] {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? (value as Topic[]) : [];
  } catch {
    return [];
  }
}

/** The stored labels; a part never labelled stays null (there is no image engine here to label what is seen). */
function parseSafety(text: string): BrandSafety {
  try {
    const value = JSON.parse(text) as Partial<BrandSafety>;
    return { visual_content: value.visual_content ?? null, foul_language: value.foul_language ?? null };
  } catch {
    return { visual_content: null, foul_language: null };
  }
}

/**
 * The pipeline. Each job is a row of analysis_jobs with its due time, so the time already spent survives a restart;
 * the timer only decides when the steps run. The final step reads the transcript, runs the text analytics and writes
 * everything in one transaction (the transcript search indexes follow through their triggers).
 */
export function createAnalysisPipeline(options: PipelineOptions): AnalysisPipeline {
  const repo = options.repo;
  const vocabulary = buildTopicVocabulary();
  const timers = new Map<string, () => void>();
  const owner = options.owner ?? randomUUID();
  const leaseMs = options.leaseMs ?? JOB_LEASE_MS;
  /** The jobs this instance runs now (claimed), renewed together. */
  const held = new Set<string>();
  /** The runs under way here, each cancellable (re-analysis, delete, a claim lost to another instance). */
  const running = new Map<string, AbortController>();
  let stopped = false;
  let renewals: NodeJS.Timeout | null = null;
  let polling: NodeJS.Timeout | null = null;
  const iso = (): string => options.now().toISOString();
  const claimNow = (): Claim => ({ owner, now: iso(), leaseUntil: new Date(options.now().getTime() + leaseMs).toISOString() });
  // Renewal runs on real time (not the pipeline's timer): it keeps a claim alive while a run lasts, whatever the clock says.
  // A job whose claim is gone (re-queued, deleted, taken over) stops its run: the worker is killed, nothing is written.
  const renewHeld = (): void => {
    if (held.size === 0 || stopped) return;
    const ids = [...held];
    repo.renew(ids, owner, claimNow().leaseUntil)
      .then(() => repo.heldBy(ids, owner))
      .then((still) => {
        for (const id of ids) if (!still.has(id)) running.get(id)?.abort();
      })
      .catch(() => undefined);
  };

  const arm = (videoId: string, delayMs: number, step: () => Promise<void>): void => {
    timers.get(videoId)?.();
    timers.set(videoId, options.timer.schedule(Math.max(0, delayMs), () => {
      timers.delete(videoId);
      // A step settles its own errors (runFinish); one that fails before (the database closing) resumes at the next start.
      return stopped ? undefined : step().catch(() => undefined);
    }));
  };
  const untilDue = (dueAt: string): number => new Date(dueAt).getTime() - options.now().getTime();

  /**
   * An uploaded file's real length and a poster frame (a link's thumbnail comes from its platform, if at all), read
   * from `file`, the video on this machine; the frame is stored beside the other thumbnails.
   */
  const pictureOf = async (video: { id: string; thumbnail_url: string | null }, store: MediaStore, file: string | null): Promise<{ durationSeconds: number | null; thumbnailUrl: string | null }> => {
    if (file === null) return { durationSeconds: null, thumbnailUrl: null };
    const durationSeconds = await probeDurationSeconds(file, options.ffmpeg);
    if (video.thumbnail_url) return { durationSeconds, thumbnailUrl: null };
    const thumbnail = thumbnailFileOf(video.id);
    const frameDir = await mkdtemp(join(tmpdir(), 'reelscope-frame-'));
    try {
      const frame = join(frameDir, 'frame.jpg');
      if (!(await writePosterFrame(file, frame, durationSeconds, options.ffmpeg))) return { durationSeconds, thumbnailUrl: null };
      await store.put(thumbnail, createReadStream(frame), 'image/jpeg');
    } finally {
      await rm(frameDir, { recursive: true, force: true });
    }
    return { durationSeconds, thumbnailUrl: `${MEDIA_URL_PREFIX}/${thumbnail}` };
  };

  /** Stores how far a run is, at most every second or on a new step (each write is a change the detail hears). */
  const progressWriter = (videoId: string) => {
    let last = { step: '', fraction: -1, at: 0 };
    return (step: string, fraction: number): void => {
      const at = Date.now();
      const rounded = Math.round(Math.min(1, Math.max(0, fraction)) * 100) / 100;
      if (step === last.step && (at - last.at < 1000 || Math.abs(rounded - last.fraction) < 0.01)) return;
      last = { step, fraction: rounded, at };
      repo.progress(videoId, owner, step, rounded).catch(() => undefined);
    };
  };

  /**
   * The transcript and picture of a video, reading its file (a temporary copy when it lives in a bucket) once for
   * all: subtitles, the poster frame, then what is heard and read in the file.
   */
  const readVideo = async (videoId: string, video: { id: string; brand_id: string; media_file: string | null; thumbnail_url: string | null }, signal: AbortSignal) => {
    const stored = () => repo.storedLines(videoId);
    const store = options.media;
    if (!store || !video.media_file) {
      return { found: await findTranscript(video, null, options.ffmpeg, stored), picture: { durationSeconds: null, thumbnailUrl: null }, heard: null };
    }
    return withLocalCopy(store, video.media_file, async (localFile) => {
      const [found, picture] = await Promise.all([findTranscript(video, { store, localFile }, options.ffmpeg, stored), pictureOf(video, store, localFile)]);
      const hearing = options.hearing;
      if (!hearing || localFile === null) return { found, picture, heard: null };
      const heard: Heard = await hearAndRead({
        ...hearing, ffmpeg: options.ffmpeg, file: localFile, brandId: video.brand_id, found,
        brands: (await repo.targets(video.brand_id)).filter((target) => target.kind === 'brand').map((target) => ({ id: target.id, name: target.name })),
        signal, onProgress: progressWriter(videoId),
      });
      return { found: heard.found, picture, heard };
    });
  };

  /**
   * Runs the analysis of a video and stores it. A re-analysis replaces a result only with a new one: what it cannot
   * recompute stays as it was — the feeling of lines the scorer cannot read (another language), the video's sentiment
   * when it can read none of its lines, its topics and keywords when none are found, its foul-language rating when the
   * transcript is not English (the profanity list is), its language when franc cannot tell.
   */
  const finish = async (videoId: string, signal: AbortSignal): Promise<void> => {
    const video = await repo.video(videoId);
    const job = await repo.job(videoId);
    if (!video || !job) return;
    // The language models load with the first analysis, not with every start (tens of MiB most sessions never use).
    const [{ analyseText }, { found, picture, heard: media }, before] = await Promise.all([import('./textAnalytics'), readVideo(videoId, video, signal), repo.storedLines(videoId)]);
    if (signal.aborted) throw new AnalysisCancelled('The analysis was cancelled.');
    progressWriter(videoId)('storing', 0);
    const felt = new Map(before.map((line) => [line.content, asFeeling(line.sentiment)]));
    // Words on screen are read with the speech: they name products and brands, and disclose a sponsorship.
    const screen = media?.screen ?? [];
    const input = [...found.lines, ...screen.map((line) => ({ start_time: line.start, end_time: line.end, content: line.text, speaker: null }))];
    const result = analyseText(input.map((line) => ({ ...line, sentiment: felt.get(line.content) })), await repo.targets(video.brand_id), vocabulary);
    const speechCount = found.lines.length;
    const previous = readSummary(job.summary);
    const at = iso();
    const lastLine = found.lines.at(-1);
    const heard = found.lines.length > 0 || screen.length > 0;
    const language = result.language ?? previous.language;
    const safety = parseSafety(video.brand_safety);
    const kept = { sentiment: previous.sentiment ?? storedSentiment(video), foul: previous.foul_language ?? (safety.foul_language ? { level: safety.foul_language, matches: 0 } : null) };
    // Shares and a foul-language level of no lines at all would read as findings (0 %, "none"): there are none. Lines
    // the scorer cannot read, or a profanity list of English words, give no new finding: the stored one stays, if any.
    const sentiment = !heard ? null : result.sentimentMeasured ? result.sentiment : kept.sentiment ?? result.sentiment;
    const foul = !heard ? null : language === 'en' || language === null ? result.foul : kept.foul ?? result.foul;
    const topics = result.topics.length > 0 ? result.topics : null;
    const summary: AnalysisSummary = {
      transcript_source: found.source,
      transcript_lines: found.lines.length,
      note: found.note,
      language,
      sentiment,
      topics: topics ?? readTopics(video.topics),
      keywords: result.keywords.length > 0 ? result.keywords : previous.keywords,
      foul_language: foul,
      mentions: result.mentions,
      runs: previous.runs + 1,
      completed_at: at,
      screen_lines: media ? screen.length : previous.screen_lines,
      speech_seconds: media ? media.speechSeconds : previous.speech_seconds,
      audio: media ? media.audio : previous.audio,
      sponsor: media?.sponsor ? { sponsored_by: media.sponsor.sponsoredBy, second: media.sponsor.second, phrase: media.sponsor.phrase } : previous.sponsor,
    };
    const toLine = (line: (typeof result.lines)[number], index: number) => ({
      start_time: Math.round(line.start_time * 1000) / 1000, content: line.content, sentiment: line.sentiment, speaker: line.speaker,
      end_time: index >= speechCount ? Math.round((screen[index - speechCount]?.end ?? line.start_time) * 1000) / 1000 : null,
    });
    await repo.write({
      videoId,
      brandId: video.brand_id,
      // A stored transcript is never replaced by nothing (a run that found no lines); its lines' feelings stay as stored.
      lines: found.source === 'stored' || found.lines.length === 0 ? null : result.lines.slice(0, speechCount).map(toLine),
      // The words on screen of this run replace the last run's; without a file read (no hearing) they stay.
      screenLines: media ? result.lines.slice(speechCount).map((line, index) => toLine(line, speechCount + index)) : null,
      audio: media?.audio ?? null,
      sponsor: media?.sponsor ?? null,
      language: result.language ?? video.language,
      topics,
      // No line read means nothing was heard: foul language keeps what it was (unknown when never heard), never "none".
      brandSafety: { ...safety, foul_language: foul?.level ?? safety.foul_language },
      sponsored: result.sponsored || Boolean(media?.sponsor),
      sentiment: sentiment === null || sentiment === kept.sentiment ? null : { positive: sentiment.positive, negative: sentiment.negative },
      durationSeconds: video.duration_seconds > 0 ? video.duration_seconds : picture.durationSeconds ?? Math.round((lastLine?.end_time ?? 0) * 10) / 10,
      thumbnailUrl: picture.thumbnailUrl,
      mentions: result.mentions,
      transcriptSource: found.source,
      note: found.note,
      summary,
      at,
      owner,
    });
  };

  /** Runs a job this instance has claimed, holding the claim (renewed) until the run has stored its end. */
  const runClaimed = async (videoId: string): Promise<void> => {
    const settle = async (error: Error | null): Promise<void> => {
      // A claim lost to another instance is that instance's run now, a cancelled one (re-analysis, delete) has its
      // next run queued or no video left: nothing to mark here.
      if (error && !(error instanceof LostClaimError) && !(error instanceof AnalysisCancelled && !stopped)) {
        try {
          const job = await repo.job(videoId);
          const attempts = (job?.attempts ?? 0) + 1;
          // Cut by a shutdown: let go of the job, so the next start or another instance runs it without waiting for the lease.
          if (stopped) await repo.release(videoId, owner);
          else if (error instanceof AnalysisFault && error.retryable && attempts < ANALYSIS_ATTEMPTS) {
            const due = new Date(options.now().getTime() + retryDelaySeconds(attempts, error.retryAfterSeconds) * 1000).toISOString();
            await repo.retryLater(videoId, owner, { dueAt: due, attempts, failure: error.message, at: iso() });
            arm(videoId, untilDue(due), () => runFinish(videoId));
          } else {
            const sentence = error instanceof AnalysisFault ? error.message : `The analysis could not finish: ${error.message}`;
            await repo.markFailed(videoId, sentence, iso(), owner);
          }
        } catch {
          // The database is closing; the job resumes at the next start (or on another instance once the lease ends).
        }
      }
      options.onSettled?.(videoId, error);
    };
    held.add(videoId);
    const controller = new AbortController();
    running.set(videoId, controller);
    renewals ??= setInterval(renewHeld, Math.max(1, Math.floor(leaseMs / 3))).unref();
    try {
      await finish(videoId, controller.signal);
    } catch (error) {
      await settle(error instanceof Error ? error : new Error(String(error)));
      return;
    } finally {
      if (running.get(videoId) === controller) running.delete(videoId);
      held.delete(videoId);
      if (held.size === 0 && renewals !== null) {
        clearInterval(renewals);
        renewals = null;
      }
    }
    await settle(null);
  };

  /** This instance's timer for a job came due: run it if no other instance holds it (one that does finishes it). */
  const runFinish = async (videoId: string): Promise<void> => {
    if (await repo.claim(videoId, claimNow())) await runClaimed(videoId);
  };

  /** Takes due jobs no live instance holds, one at a time, until none is left. */
  const poll = async (): Promise<void> => {
    while (!stopped) {
      const job = await repo.claimNextDue(claimNow());
      if (!job) return;
      if (job.state === 'queued') await repo.markProcessing(job.video_id, iso());
      await runClaimed(job.video_id);
    }
  };
  const armPoll = (): void => {
    if (!options.pollMs || stopped) return;
    if (polling !== null) clearTimeout(polling);
    polling = setTimeout(() => void poll().catch(() => undefined).finally(armPoll), options.pollMs).unref();
  };

  const start = async (videoId: string): Promise<void> => {
    const job = await repo.job(videoId);
    if (!job) return;
    await repo.markProcessing(videoId, iso());
    arm(videoId, untilDue(job.due_at), () => runFinish(videoId));
  };

  /** No more steps or polls from this instance (a run under way goes on to its end). */
  const halt = (): void => {
    stopped = true;
    for (const cancel of timers.values()) cancel();
    timers.clear();
    if (polling !== null) clearTimeout(polling);
    polling = null;
  };

  const dueAt = (): string => new Date(options.now().getTime() + options.delayMs).toISOString();

  return {
    async submit(videoId) {
      await repo.queue(videoId, 'pending', dueAt(), iso());
      arm(videoId, 0, () => start(videoId));
    },
    async reanalyze(videoId) {
      running.get(videoId)?.abort();
      const due = dueAt();
      await repo.queue(videoId, 'processing', due, iso());
      arm(videoId, untilDue(due), () => runFinish(videoId));
    },
    async resume() {
      stopped = false;
      const jobs = await repo.activeJobs();
      for (const job of jobs) {
        if (job.state === 'queued') arm(job.video_id, 0, () => start(job.video_id));
        else arm(job.video_id, untilDue(job.due_at), () => runFinish(job.video_id));
      }
      if (polling === null) armPoll();
      return jobs.length;
    },
    stop() {
      halt();
      for (const controller of running.values()) controller.abort();
    },
    cancel(videoId) {
      running.get(videoId)?.abort();
    },
    abandon() {
      halt();
      if (renewals !== null) clearInterval(renewals);
      renewals = null;
    },
    pending: () => timers.size,
  };
}
