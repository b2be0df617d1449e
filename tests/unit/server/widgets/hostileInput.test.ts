import { it, expect } from 'vitest';
import { METRICS_KEY_HEADER } from '../../../../src/shared/http/widgets.schemas';
import { useVideoWorkspace } from '../videos/support/videoWorkspace';
import { brandApiKey } from './support/brandApiKey';
const workspace = useVideoWorkspace();
// Odd and hostile inputs to every route issues 16 and 17 added: each gets a 4xx answer, never a server error.
it('answers odd input on the widget, gateway, app manager and Google routes with 4xx, never 5xx', async () => {
  const w = workspace.w;
  const key = await brandApiKey(w, w.brandId);
  const h = { [METRICS_KEY_HEADER]: key };
  const cases: [string, string, unknown?, Record<string, string>?][] = [
    ['GET', '/metrics/products/inventory?first=0'], ['GET', '/metrics/products/inventory?first=abc&after=%00'], ['POST', '/metrics/widget', {}],
    ['POST', '/metrics/widget', { title: 'x', videos: 'nope' }], ['PUT', '/metrics/widget', { _id: 'zz' }], ['DELETE', '/metrics/widget'],
    ['POST', '/metrics/embed/events', 'null', { 'content-type': 'text/plain' }], ['POST', '/metrics/embed/events', '[]', { 'content-type': 'text/plain' }],
    ['POST', '/metrics/embed/events', { widget_id: 'x', token: 'y', viewer: 'zzzzzzzzzz', events: [{ type: 'play', value: -1 }] }],
    ['GET', '/metrics/embed/widgets/x'], ['GET', '/metrics/embed/widgets/x?token='], ['GET', '/metrics/api/metrics'], ['GET', '/metrics/api/metrics?widget_id=x&duration=forever'],
    ['POST', '/metrics/playlist', { title: 'x', video_ids: [1, 2] }], ['PUT', '/metrics/playlist', {}], ['GET', '/gateway/shopper/feed'], ['GET', `/gateway/shopper/feed?brand_id=${w.brandId}&page=0`],
    ['GET', `/gateway/video/publish/state/x?brand_id=${w.brandId}`], ['POST', `/gateway/video/publish?brand_id=${w.brandId}`, ''], ['POST', `/gateway/video/publish?brand_id=${w.brandId}`, '{"video_ids":[{"a":1}],"x":[[[[]]]]}'],
    ['POST', `/gateway/video/publish?brand_id=${w.brandId}`, '{"video_ids":["\\u0000"]}'], ['GET', `/gateway/internal/integrations/Shopify/oAuth/status`],
    ['POST', `/gateway/internal/integrations/Shopify/oAuth/authorize?brand_id=${w.brandId}`, 'a=b', { 'content-type': 'text/plain' }],
  ];
  const bad: string[] = [];
  for (const [method, url, body, extra] of cases) {
    const r = await w.app.inject({ method: method as 'GET', url, headers: { ...h, ...(typeof body === 'object' ? {} : { 'content-type': 'application/json' }), ...extra }, ...(body !== undefined ? { payload: body as string } : {}) });
    if (r.statusCode >= 500) bad.push(`${method} ${url} → ${r.statusCode} ${r.body.slice(0, 200)}`);
  }
  for (const [method, url] of [['GET', '/jwt_api/app_manager/videos?tab=x'], ['GET', '/jwt_api/app_manager/videos?per_page=7'], ['POST', '/jwt_api/login/sign_up_with_google']] as const) {
    const r = await w.app.inject({ method, url, headers: { authorization: `Bearer ${w.jwt}` } });
    if (r.statusCode >= 500) bad.push(`${method} ${url} → ${r.statusCode} ${r.body.slice(0, 200)}`);
  }
  expect(bad).toEqual([]);
}, 60000);
