import { describe, expect, it } from 'vitest';
import { fireEvent, render } from '@testing-library/react';
import { VideoThumb } from './VideoThumb';
import { titleInitial } from './thumbFallback';

const YOUTUBE_THUMB = 'https://i.ytimg.com/vi/abc123/hqdefault.jpg';

/** The SVG a fallback image draws, read back from its data address. */
function drawn(img: HTMLImageElement): string {
  const src = img.getAttribute('src') ?? '';
  expect(src.startsWith('data:image/svg+xml')).toBe(true);
  return decodeURIComponent(src.slice(src.indexOf(',') + 1));
}

describe('video thumbnail', () => {
  it('shows the image while it loads, and a drawn fallback in the same element when it fails (offline)', () => {
    const { container } = render(<VideoThumb className="video-thumb" src={YOUTUBE_THUMB} title="spring haul" platform="Youtube" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(YOUTUBE_THUMB);
    expect(img.dataset.thumb).toBe('image');

    fireEvent.error(img);

    // The same element, with the screen's sizing class kept: nothing moves, and no broken-image icon.
    expect(container.querySelectorAll('img')).toHaveLength(1);
    expect(container.querySelector('img')).toBe(img);
    expect(img.dataset.thumb).toBe('fallback');
    expect(img.classList.contains('video-thumb')).toBe(true);
    expect(img.getAttribute('alt')).toBe('');
    const svg = drawn(img);
    expect(svg).toContain('>S</text>');
    expect(svg).toContain('#ff0033'); // YouTube's mark
  });

  it('draws TikTok\'s mark for a TikTok video and the letter alone for other platforms', () => {
    const tiktok = render(<VideoThumb src="https://p16-sign.tiktokcdn.com/x.jpeg" title="Évora walk" platform="Tiktok" />).container.querySelector('img')!;
    fireEvent.error(tiktok);
    expect(drawn(tiktok)).toContain('#fe2c55');
    expect(drawn(tiktok)).toContain('>É</text>');
    const dropbox = render(<VideoThumb src="https://dl.dropbox.com/x.jpg" title="<b>&amp;" platform="Dropbox" />).container.querySelector('img')!;
    fireEvent.error(dropbox);
    expect(drawn(dropbox)).not.toContain('<rect');
    expect(drawn(dropbox)).toContain('>&#60;</text>'); // the title's letter is escaped, never markup
  });

  it('draws the fallback at once for a video without a thumbnail', () => {
    const img = render(<VideoThumb src={null} title="untitled" />).container.querySelector('img')!;
    expect(img.dataset.thumb).toBe('fallback');
    expect(drawn(img)).toContain('>U</text>');
  });

  it('tries a new address again after an earlier one failed (a recycled row)', () => {
    const { container, rerender } = render(<VideoThumb src={YOUTUBE_THUMB} title="a" />);
    fireEvent.error(container.querySelector('img')!);
    rerender(<VideoThumb src="/media/signed/thumb.jpg" title="b" />);
    expect(container.querySelector('img')!.getAttribute('src')).toBe('/media/signed/thumb.jpg');
  });

  it('takes a whole letter as the initial (an accent, an emoji), upper-cased', () => {
    expect(titleInitial('  e\u0301clair')).toBe('E\u0301');
    expect(titleInitial('👩‍🍳 cooking')).toBe('👩‍🍳');
    expect(titleInitial('   ')).toBe('');
  });
});
