import { useEffect, type RefObject } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { VideoPlayerHandle } from '../../../ui/player';

/** An embed takes a moment before it accepts a seek; tries again this often, this many times. */
const RETRY_MS = 250;
const ATTEMPTS = 20;

/** The `t` of the address (`/videos/{id}?t=SECONDS`, as cited by report PDFs), when it is a time. */
export function startSeconds(params: URLSearchParams): number | null {
  const text = params.get('t');
  if (text === null || text.trim() === '') return null;
  const seconds = Number(text);
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : null;
}

/**
 * Puts the player at `seconds` once the video is shown (null: leave it). A file player takes the time before its
 * metadata arrives; an embed is asked again until it answers.
 */
export function useSeekTo(player: RefObject<VideoPlayerHandle | null>, shown: boolean, seconds: number | null): void {
  useEffect(() => {
    if (!shown || seconds === null) return undefined;
    let attempts = 0;
    let timer: number | undefined;
    const attempt = () => {
      attempts += 1;
      if (player.current?.seek(seconds) !== true && attempts < ATTEMPTS) timer = window.setTimeout(attempt, RETRY_MS);
    };
    attempt();
    return () => window.clearTimeout(timer);
  }, [player, shown, seconds]);
}

/** Puts the player at the moment the address names (`?t=`, cited by report PDFs) once the video is shown. */
export function useStartAt(player: RefObject<VideoPlayerHandle | null>, shown: boolean): void {
  const [params] = useSearchParams();
  useSeekTo(player, shown, startSeconds(params));
}
