import { createRef } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../../shared/messages';
import { OWN_STORAGE_PLATFORM } from '../../../shared/constants';
import type { Platform } from '../../../shared/constants';
import { VideoPlayer } from './VideoPlayer';
import type { VideoPlayerHandle } from './VideoPlayer';
import type { PlayableVideo } from './playerSource';
import { choosePlayer } from './playerSource';

const ORIGIN = 'http://127.0.0.1:4282';
const video = (platform: Platform, patch: Partial<PlayableVideo> = {}): PlayableVideo => ({
  title: 'Demo', platform, video_url: '', video_embedded_url: null, tiktok_id: null, playable_url: null, ...patch,
});

describe('choosePlayer', () => {
  it('plays YouTube in its iframe with the JS API on', () => {
    const source = choosePlayer(video('Youtube', { video_url: 'https://www.youtube.com/watch?v=XC6z0al9byU' }), ORIGIN);
    expect(source).toMatchObject({ kind: 'youtube', src: 'https://www.youtube.com/embed/XC6z0al9byU?enablejsapi=1&rel=0' });
  });

  it('plays TikTok by tiktok_id at 340×738 and Instagram at 428×564', () => {
    const tiktok = choosePlayer(video('Tiktok', { video_url: 'https://www.tiktok.com/@a/video/1', tiktok_id: '7741153' }), ORIGIN);
    expect(tiktok).toMatchObject({ kind: 'tiktok', src: 'https://www.tiktok.com/embed/v2/7741153', size: { width: 340, height: 738 } });
    const instagram = choosePlayer(video('Instagram', { video_url: 'https://www.instagram.com/reel/oXbj/' }), ORIGIN);
    expect(instagram).toMatchObject({ kind: 'instagram', src: 'https://www.instagram.com/reel/oXbj/embed', size: { width: 428, height: 564 } });
  });

  it('plays own storage, Google Drive and Dropbox in <video>, typed by the MIME map, local copies first', () => {
    const own = choosePlayer(video(OWN_STORAGE_PLATFORM, { video_url: '/media/signed/a.webm?sig=x' }), ORIGIN);
    expect(own).toEqual({ kind: 'html5', src: `${ORIGIN}/media/signed/a.webm?sig=x`, mime: 'video/webm' });
    const drive = choosePlayer(video('GoogleDrive', { video_url: 'https://drive.google.com/file/d/x', playable_url: '/media/signed/b.mp4?sig=y' }), ORIGIN);
    expect(drive).toEqual({ kind: 'html5', src: `${ORIGIN}/media/signed/b.mp4?sig=y`, mime: 'video/mp4' });
    const dropbox = choosePlayer(video('Dropbox', { video_url: 'https://www.dropbox.com/s/x/clip.ogv' }), ORIGIN);
    expect(dropbox).toEqual({ kind: 'html5', src: 'https://www.dropbox.com/s/x/clip.ogv', mime: 'video/ogg' });
  });
});

describe('VideoPlayer', () => {
  it('keeps playing the same element and URL when a refresh brings a new signature for the same file', () => {
    const signed = (file: string, sig: string) => video(OWN_STORAGE_PLATFORM, { video_url: `/media/signed/${file}?exp=1&sig=${sig}` });
    const { rerender } = render(<VideoPlayer video={signed('a.mp4', 'first')} mediaOrigin={ORIGIN} />);
    const first = screen.getByTestId('player-html5');
    rerender(<VideoPlayer video={signed('a.mp4', 'second')} mediaOrigin={ORIGIN} />);
    expect(screen.getByTestId('player-html5')).toBe(first);
    expect(first.querySelector('source')?.getAttribute('src')).toBe(`${ORIGIN}/media/signed/a.mp4?exp=1&sig=first`);
    rerender(<VideoPlayer video={signed('b.mp4', 'third')} mediaOrigin={ORIGIN} />);
    expect(screen.getByTestId('player-html5')).not.toBe(first);
    expect(screen.getByTestId('player-html5').querySelector('source')?.getAttribute('src')).toBe(`${ORIGIN}/media/signed/b.mp4?exp=1&sig=third`);
  });

  it('renders an HTML5 video with the fallback text and seeks it', () => {
    const ref = createRef<VideoPlayerHandle>();
    render(<VideoPlayer ref={ref} video={video(OWN_STORAGE_PLATFORM, { video_url: '/media/signed/a.mp4' })} mediaOrigin={ORIGIN} />);
    const element = screen.getByTestId('player-html5') as HTMLVideoElement;
    expect(element.tagName).toBe('VIDEO');
    expect(element.textContent).toContain(MESSAGES.playerFallback);
    expect(element.querySelector('source')?.getAttribute('type')).toBe('video/mp4');
    expect(ref.current?.seek(3.5)).toBe(true);
    expect(element.currentTime).toBe(3.5);
  });

  it('renders the platform iframe for embeds, sized for TikTok', () => {
    render(<VideoPlayer video={video('Tiktok', { video_url: 'https://www.tiktok.com/@a/video/9', tiktok_id: '9' })} mediaOrigin={ORIGIN} />);
    const frame = screen.getByTitle('TikTok player: Demo');
    expect(frame.getAttribute('src')).toBe('https://www.tiktok.com/embed/v2/9');
    const box = frame.parentElement as HTMLElement;
    expect(box.style.inlineSize).toBe('340px');
    expect(box.style.blockSize).toBe('738px');
  });

  it('cannot seek an Instagram embed and says so to the caller', () => {
    const ref = createRef<VideoPlayerHandle>();
    render(<VideoPlayer ref={ref} video={video('Instagram', { video_url: 'https://www.instagram.com/reel/x/' })} mediaOrigin={ORIGIN} />);
    expect(ref.current?.seek(10)).toBe(false);
  });
});
