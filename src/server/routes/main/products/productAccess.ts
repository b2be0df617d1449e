import { basename } from 'node:path';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { MEDIA_URL_PREFIX } from '../../../../shared/domain/workspace';
import { PRODUCT_MESSAGES, PRODUCT_PICTURE_MAX_BYTES, PRODUCT_PICTURE_MAX_FILES, PRODUCT_PICTURE_MIME_MAP } from '../../../../shared/http/products.schemas';
import type { ServerContext } from '../../../context';
import { badRequest, notFound } from '../../../http/httpError';
import type { CatalogVideoRow } from '../../../repositories/products/productDetailRepository';
import type { ProductRepositories } from '../../../repositories/products/index';
import type { ProductRow } from '../../../repositories/products/productListRepository';
import type { Acting } from '../videos/videoAccess';
import { discardFiles, mediaDestination, readMultipart } from '../uploads/multipartFields';

const PRODUCT_MEDIA = 'products';

/** The product when the acting brand may see it; 404 otherwise. */
export async function visibleProduct(repos: ProductRepositories, acting: Acting, productId: string): Promise<ProductRow> {
  const row = await repos.detail.find(acting, productId);
  if (!row) throw notFound();
  return row;
}

/** The product when it belongs to the acting brand (edits); 404 otherwise. */
export async function ownProduct(repos: ProductRepositories, acting: Acting, productId: string): Promise<ProductRow> {
  const row = await visibleProduct(repos, acting, productId);
  if (row.brand_id !== acting.brandId) throw notFound();
  return row;
}

/** A video row as the product and creator screens show it. */
export function toCatalogVideo(row: CatalogVideoRow) {
  return {
    _id: row.id, title: row.title, platform: row.platform, thumbnail_url: row.thumbnail_url, views: row.views,
    sentiment: { positive: row.sentiment_positive, negative: row.sentiment_negative }, published_at: row.published_at,
    creator_id: row.creator_id, creator_name: row.creator_name, brand_id: row.brand_id,
  };
}

/**
 * The body of POST/PUT /products: JSON as parsed, or multipart text fields (pictures as a JSON list) parsed by `schema`
 * with the uploaded picture files stored in the media store; `uploaded` holds their URLs.
 */
export async function productInput<S extends z.ZodType>(
  ctx: ServerContext, request: FastifyRequest, schema: S, json: z.output<S> | undefined,
): Promise<{ input: z.output<S>; uploaded: string[] }> {
  if (!request.isMultipart()) {
    if (json === undefined) throw badRequest('body: expected JSON or multipart/form-data');
    return { input: json, uploaded: [] };
  }
  const store = ctx.media.store;
  const { fields, files } = await readMultipart(request, {
    maxFileBytes: PRODUCT_PICTURE_MAX_BYTES,
    maxFiles: PRODUCT_PICTURE_MAX_FILES,
    tooLargeMessage: PRODUCT_MESSAGES.pictureTooLarge,
    destination: mediaDestination({
      store, folder: PRODUCT_MEDIA, field: 'pictures', mimeMap: PRODUCT_PICTURE_MIME_MAP, typeMessage: PRODUCT_MESSAGES.pictureType, what: 'Pictures',
    }),
  });
  const discard = () => discardFiles(store, files);
  let kept: unknown;
  try {
    kept = fields.pictures === undefined ? undefined : JSON.parse(fields.pictures);
  } catch {
    await discard();
    throw badRequest('body.pictures: must be a JSON list of URLs');
  }
  const uploaded = files.map((file) => `${MEDIA_URL_PREFIX}/${PRODUCT_MEDIA}/${basename(file.key)}`);
  const parsed = schema.safeParse({ ...fields, ...(kept === undefined ? {} : { pictures: kept }) });
  if (!parsed.success) {
    await discard();
    throw badRequest(parsed.error.issues.map((issue) => `body.${issue.path.join('.')}: ${issue.message}`).join('; '));
  }
  return { input: parsed.data, uploaded };
}
