import type { ProductTag, WidgetFields } from '../../../shared/http/widgets.schemas';
import { isWebMediaSource } from '../../../shared/rules/mediaUrl';
import { HttpError } from '../../http/httpError';
import type { ProductRow, WidgetLookups } from '../../repositories/widgets/widgetLookups';
import { parse } from '../../search/columnValues';
import { allowsLoopbackStores } from './storeAddress';
import { isStoreImage } from './storeImage';

/**
 * A brand product as the shop inventory and a product tag show it. Its first picture is its image when a web page may
 * load it (a product's pictures are whatever was saved for it); otherwise it shows none rather than failing the list.
 */
export function brandProductTag(row: ProductRow): Required<ProductTag> {
  const pictures = (parse(row.pictures) as unknown[] | null) ?? [];
  const image = pictures.find((picture): picture is string => typeof picture === 'string' && isWebMediaSource(picture)) ?? null;
  return { source: 'brand', id: row.id, title: row.name, price: row.price, currency: 'USD', image_url: image, url: '', variants: [] };
}

/**
 * The checks a widget's fields need against the database: every video is the brand's own and plays from storage
 * (the embed cannot play a YouTube page), every brand product tag names one of its products, every store product's
 * image is https. Brand tags are written
 * back from the product as it is now, so a renamed or repriced product shows its current name and price.
 */
export function createWidgetChecks(lookups: WidgetLookups) {

  return {
    /** Checked in order, so the first problem named is the first in the body. */
    async widget(brandId: string, fields: WidgetFields): Promise<WidgetFields> {
      const videos: WidgetFields['videos'] = [];
      for (const [index, entry] of fields.videos.entries()) {
        const video = await lookups.video(entry.video_id, brandId);
        if (!video) throw new HttpError(400, `videos.${index}.video_id: ${entry.video_id} is not one of the brand's videos.`);
        if (!video.media_file) throw new HttpError(400, `videos.${index}.video_id: "${video.title}" cannot play in a widget: only videos kept in Reelscope storage or Google Drive can.`);
        const products: ProductTag[] = [];
        for (const [tagIndex, tag] of entry.settings.products.entries()) {
          if (tag.source === 'store') {
            if (tag.image_url !== null && !isStoreImage(tag.image_url, allowsLoopbackStores())) {
              throw new HttpError(400, `videos.${index}.settings.products.${tagIndex}.image_url: a store product's image is an https address (https://…).`);
            }
            products.push(tag);
            continue;
          }
          const product = await lookups.product(tag.id, brandId);
          if (!product) throw new HttpError(400, `videos.${index}.settings.products.${tagIndex}: product ${tag.id} does not exist in the brand's products.`);
          products.push({ ...brandProductTag(product), url: tag.url, variants: tag.variants });
        }
        videos.push({ ...entry, settings: { products } });
      }
      return { ...fields, videos };
    },
    async videoIds(brandId: string, ids: string[], field: string): Promise<string[]> {
      for (const [index, id] of ids.entries()) {
        if (!(await lookups.video(id, brandId))) throw new HttpError(400, `${field}.${index}: ${id} is not one of the brand's videos.`);
      }
      return ids;
    },
    async widgetIds(brandId: string, ids: string[], field: string): Promise<string[]> {
      for (const [index, id] of ids.entries()) {
        if (!(await lookups.widgetExists(id, brandId))) throw new HttpError(400, `${field}.${index}: ${id} is not one of the brand's widgets.`);
      }
      return ids;
    },
  };
}
