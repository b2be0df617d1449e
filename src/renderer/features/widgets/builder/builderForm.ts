import { MIN_VIDEOS_FOR_CAROUSEL } from '../../../../shared/constants';
import {
  WidgetFieldsSchema, type EmbedWidget, type ProductTag, type Widget, type WidgetFields, type WidgetFieldsInput,
} from '../../../../shared/http/widgets.schemas';

/** A video of the carousel as the builder shows it: what the list and the preview need, and its product tags. */
export interface BuilderVideo { video_id: string; title: string; thumbnail_url: string | null; products: ProductTag[] }
export type BuilderForm = Omit<WidgetFields, 'videos'> & { videos: BuilderVideo[] };

const FIELDS = WidgetFieldsSchema.omit({ videos: true });

/** A new widget: every default of §9 (colour #409DB2, Portrait, all menu and device options) and no videos yet. */
export function newForm(): BuilderForm {
  return { ...FIELDS.parse({ title: 'New widget' }), title: '', videos: [] };
}

export function formOf(widget: Widget): BuilderForm {
  const { _id: _id, brand_id: _brand, videos, playlist_ids: _playlists, created_at: _created, updated_at: _updated, ...fields } = widget;
  return { ...fields, videos: videos.map((v) => ({ video_id: v.video_id, title: v.title, thumbnail_url: v.thumbnail_url, products: v.settings.products })) };
}

export function fieldsOf(form: BuilderForm): WidgetFieldsInput {
  return { ...form, videos: form.videos.map((v) => ({ video_id: v.video_id, settings: { products: v.products } })) };
}

/** What keeps the form from saving, by field, in the server's own words (the same schema checks both). */
export function formProblems(form: BuilderForm): Partial<Record<string, string>> {
  const result = WidgetFieldsSchema.safeParse(fieldsOf(form));
  const problems: Partial<Record<string, string>> = {};
  if (result.success) return problems;
  for (const issue of result.error.issues) {
    const key = issue.path.slice(0, issue.path[0] === 'videos' ? 1 : 2).join('.');
    problems[key] ??= issue.message;
  }
  return problems;
}

export const videosNeeded = (form: BuilderForm) => Math.max(0, MIN_VIDEOS_FOR_CAROUSEL - form.videos.length);

/** The form as embed.js would receive it, for the live preview (nothing plays or counts there). */
export function previewOf(form: BuilderForm): EmbedWidget {
  return {
    id: 'preview', title: form.title || 'Untitled widget', activeRatio: form.activeRatio, colors: form.colors, device_options: form.device_options,
    call_to_action: form.call_to_action, buy_now_button: form.buy_now_button, cart_button: form.cart_button, menu_options: form.menu_options, toggles: form.toggles,
    videos: form.videos.map((v) => ({
      video_id: v.video_id, title: v.title, summary: '', thumbnail_url: v.thumbnail_url, media_url: null, published_at: null, rating: 4,
      verified_shopper: false, brand_video: true, in_carousel: true, products: v.products,
    })),
    playlists: [],
  };
}

/** Moves one item of a list by `by` places (clamped), for the ordering buttons. */
export function moved<T>(items: readonly T[], index: number, by: number): T[] {
  const target = Math.min(items.length - 1, Math.max(0, index + by));
  const next = [...items];
  const [item] = next.splice(index, 1);
  if (item !== undefined) next.splice(target, 0, item);
  return next;
}
