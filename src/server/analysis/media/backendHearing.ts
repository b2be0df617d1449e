import { cpus } from 'node:os';
import type { MediaAnalyser } from './mediaAnalyser';
import { workerMediaAnalyser } from './workerMediaAnalyser';
import { readSpeechEnvironment, type SpeechEnvironment } from './speechSetup';

/**
 * How a started back end hears and reads its videos (REELSCOPE_MEDIA_ANALYSIS, default on): worker processes, at
 * most REELSCOPE_ANALYSIS_WORKERS at once, with the speech engines of its data folder and environment; null when off.
 * A malformed value stops the start with a sentence naming the variable.
 */
export function backendHearing(dataDir: string, env: NodeJS.ProcessEnv = process.env): { analyser: MediaAnalyser; speech: SpeechEnvironment } | null {
  const switchText = (env.REELSCOPE_MEDIA_ANALYSIS ?? 'on').trim().toLowerCase();
  if (!['on', 'off', '1', '0', ''].includes(switchText)) throw new Error(`REELSCOPE_MEDIA_ANALYSIS must be "on" or "off", got "${env.REELSCOPE_MEDIA_ANALYSIS}".`);
  if (switchText === 'off' || switchText === '0') return null;
  const speech = readSpeechEnvironment(dataDir, env);
  return { analyser: workerMediaAnalyser({ env, cores: cpus().length }), speech };
}
