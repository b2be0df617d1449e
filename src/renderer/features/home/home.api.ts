import type { AxiosInstance } from 'axios';
import type { HomeOverview, HomeQueryInput, HomeWidget, HomeWidgetBody } from '../../../shared/http/home.schemas';

/** What every home call carries: who acts, whose figures, which window and platform. */
export type HomeParams = HomeQueryInput & { brand_id: string; user_id: string };

const clean = (params: HomeParams): Record<string, string> =>
  Object.fromEntries(Object.entries(params).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1] !== ''));

/** GET /home: the tabs and the shown brand's KPIs. */
export function fetchHomeOverview(main: AxiosInstance, params: HomeParams) {
  return main.get<HomeOverview>('/home', { params: clean(params) });
}

/** GET /home/{widget}. */
export function fetchHomeWidget<W extends HomeWidget>(main: AxiosInstance, widget: W, params: HomeParams) {
  return main.get<HomeWidgetBody<W>>(`/home/${widget}`, { params: clean(params) });
}
