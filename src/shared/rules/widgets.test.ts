import { describe, expect, it } from 'vitest';
import { shopperLink, WidgetFieldsSchema } from '../http/widgets.schemas';
import { embedSnippet, engagementRate } from './widgets';

describe('widget rules', () => {
  it('gives a bare shop link http:// and refuses every scheme that could run script or leave the web', () => {
    expect(shopperLink.parse('shop.example/spring')).toBe('http://shop.example/spring');
    expect(shopperLink.parse('https://shop.example/a?b=1')).toBe('https://shop.example/a?b=1');
    expect(shopperLink.parse('')).toBe('');
    for (const bad of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,<b>x</b>', 'file:///etc/passwd', 'vbscript:x', 'not a link']) {
      expect(shopperLink.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('needs five distinct videos and a title; the defaults are those of §9', () => {
    const videos = (n: number) => Array.from({ length: n }, (_, i) => ({ video_id: `v${i}` }));
    expect(WidgetFieldsSchema.safeParse({ title: 'x', videos: videos(4) }).error?.issues[0]?.message).toBe('A carousel needs at least 5 videos.');
    expect(WidgetFieldsSchema.safeParse({ title: '', videos: videos(5) }).error?.issues[0]?.message).toBe('A widget needs a title.');
    expect(WidgetFieldsSchema.parse({ title: 'x', videos: videos(5) })).toMatchObject({
      activeRatio: 'Portrait', colors: { primary: '#409DB2' }, menu_options: ['most_recent', 'ratings', 'verified_shopper', 'brand_video'], device_options: ['desktop', 'mobile'],
    });
  });

  it('writes the snippet with its attributes escaped, and engagement as viewers per impression', () => {
    expect(embedSnippet('https://api.example/metrics', 'a"bc', 'rwt_x"y')).toBe('<div data-reelscope-widget-host="a&quot;bc" style="display:block;height:392px"></div><script async src="https://api.example/metrics/embed.js" data-reelscope-widget="a&quot;bc" data-token="rwt_x&quot;y"></script>');
    expect(engagementRate(3, 12)).toBe(0.25);
    expect(engagementRate(0, 0)).toBe(0);
  });
});
