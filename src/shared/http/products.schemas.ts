/**
 * Request and response schemas of the products routes (spec §3 product list state and detail, §4 transitions, §7;
 * issue 6). Paths are under SERVICE_PREFIXES.main (`/jwt_api`). Every call carries `brand_id` (acting own brand,
 * cookie bId) and `user_id` (cookie uId) in the query (GET) or body (POST/PUT); another brand's ids answer 404.
 *
 * Tabs: 'My Products' = the acting brand's products, 'Competitors' = its competitors' products (both without the
 * trashed ones), 'Favorites' = favorited and not trashed, 'Trash' = trashed. My Products + Competitors + Trash covers
 * every product the brand sees. Marks (favorite, trash) are per acting brand, also on competitor products.
 */
import { z } from 'zod';
import { PersonSchema } from './team.schemas';
import { PAGE_SIZES, PRODUCT_SORTS, PRODUCT_TABS } from '../constants';
import { ProductSchema } from '../domain/product';
import { FilterOptionSchema, IdentitySchema, id, ids, jsonQueryParam, NOTE_FILTER_VALUES, queryBool } from './videos.schemas';
import { isWebMediaSource, PRODUCT_IMAGE_REFUSED } from '../rules/mediaUrl';
import { searchText } from './searchText';
export { NoteBodySchema } from './videoList.schemas';

/** A product counts as trending when a video featuring it was published in the last this many days (reference time). */
export const TRENDING_DAYS = 30;
export const DEFAULT_PRODUCT_SORT = PRODUCT_SORTS[0];

/** `per_page`: one of PAGE_SIZES (default 10). */
export const perPageParam = z.coerce
  .number()
  .int()
  .refine((value) => (PAGE_SIZES as readonly number[]).includes(value), 'must be one of PAGE_SIZES')
  .default(PAGE_SIZES[0]);
export const pageParam = z.coerce.number().int().min(1).max(1_000_000).default(1);

/** Product filters (spec §3): families AND, values inside one family OR; empty lists do not filter. */
export const ProductFiltersSchema = z.object({
  /** 'has_note' / 'no_note' (both or none: no filter); `text` searches the brand's note content (substring). */
  note: z.object({ values: z.array(z.enum(NOTE_FILTER_VALUES)).default([]), text: searchText(200, false).default('') }).prefault({}),
  category: z.array(z.string().max(100)).default([]),
  /** Creator ids: products featured in a video of one of these creators. */
  influencer: z.array(id).default([]),
  /** Brand ids owning the products (the brand itself or its competitors). */
  brand: z.array(id).default([]),
});
export type ProductFiltersInput = z.input<typeof ProductFiltersSchema>;
export type ProductFilters = z.output<typeof ProductFiltersSchema>;

/**
 * GET /products and GET /products/get_product_ids query. `filters` is one JSON string parameter.
 * - sort: highest_sentiment (default; average positive share of the videos featuring the product), lowest_sentiment,
 *   new_products (created_at), highest_video_reviews (number of videos featuring it). `desc` (default true) flips
 *   new_products and highest_video_reviews; the sentiment sorts carry their own direction.
 * - trending: only products with a video published in the last TRENDING_DAYS days.
 * - search: substring of the product name (case-insensitive).
 */
export const ProductListQuerySchema = IdentitySchema.extend({
  tab: z.enum(PRODUCT_TABS).default('My Products'),
  sort: z.enum(PRODUCT_SORTS).default(DEFAULT_PRODUCT_SORT),
  desc: queryBool.default(true),
  trending: queryBool.default(false),
  search: searchText().default(''),
  page: pageParam,
  per_page: perPageParam,
  filters: jsonQueryParam(ProductFiltersSchema).optional(),
});
export type ProductListQueryInput = z.input<typeof ProductListQuerySchema>;
export type ProductListQuery = z.output<typeof ProductListQuerySchema>;

/** What the acting brand's view adds to a product. */
export const ProductListItemSchema = ProductSchema.extend({
  manufacturerName: z.string(),
  is_competitor: z.boolean(),
  is_favorite: z.boolean(),
  is_trashed: z.boolean(),
  has_note: z.boolean(),
  /** Average positive sentiment share (0..1) of the videos featuring the product; 0 without videos. */
  sentiment: z.number(),
  /** Videos featuring the product. */
  video_reviews: z.number().int(),
  latest_video_at: z.string().nullable(),
  trending: z.boolean(),
});
export type ProductListItem = z.infer<typeof ProductListItemSchema>;

/** Filter options of the tab (before filters) with how many products have each. */
export const ProductFilterOptionsSchema = z.object({
  note: z.array(FilterOptionSchema),
  category: z.array(FilterOptionSchema),
  /** The creators featuring most of the tab's products (at most 100). */
  influencer: z.array(FilterOptionSchema),
  brand: z.array(FilterOptionSchema),
});
export type ProductFilterOptions = z.infer<typeof ProductFilterOptionsSchema>;

/** Paging of a list answer's `data`: matching rows, pages of per_page, the page answered. */
export const ListPageShape = { count: z.number().int(), totalPages: z.number().int(), page: z.number().int(), per_page: z.number().int() };

/** GET /products 200. */
export const ProductListResponseSchema = z.object({
  products: z.array(ProductListItemSchema),
  data: z.object({ ...ListPageShape, filters: ProductFilterOptionsSchema }),
});
export type ProductListResponse = z.infer<typeof ProductListResponseSchema>;

/**
 * GET /products/get_product_ids 200: every matching id in list order (select all N matching). `is_favorite` lets a
 * favorite or unfavorite selection keep only the products that action changes, as the page's checkboxes do.
 */
export const ProductIdsResponseSchema = z.object({
  count: z.number().int(),
  products: z.array(z.object({ product_id: z.string(), manufacturer_ids: z.array(z.string()), is_favorite: z.boolean() })),
});
export type ProductIdsResponse = z.infer<typeof ProductIdsResponseSchema>;

export const ProductIdParamsSchema = z.object({ id });

/** A video in the product detail. */
export const ProductVideoSchema = z.object({
  _id: z.string(),
  title: z.string(),
  platform: z.string(),
  thumbnail_url: z.string().nullable(),
  views: z.number().int(),
  sentiment: z.object({ positive: z.number(), negative: z.number() }),
  published_at: z.string().nullable(),
  creator_id: z.string().nullable(),
  creator_name: z.string().nullable(),
  brand_id: z.string(),
});
/** A creator featuring the product. */
export const ProductInfluencerSchema = z.object({
  _id: z.string(),
  name: z.string(),
  handle: z.string(),
  platform: z.string(),
  picture: z.string().nullable(),
  subscribers: z.number().int(),
  /** Videos of this creator featuring the product. */
  videos: z.number().int(),
  latest_video_at: z.string().nullable(),
});

/**
 * GET /products/:id 200 and PUT /products/:id 200 (spec §3 product detail). videos.trending: most viewed videos
 * featuring it published in the last TRENDING_DAYS days; videos.recent: newest first. influencers.trending: creators with
 * the most recent videos about it; influencers.popular: most subscribers. names: every product of the owning brand
 * ({_id, name}), for the detail's product switcher. Lists hold at most 12 entries.
 */
export const ProductDetailResponseSchema = z.object({
  product: ProductListItemSchema,
  pictures: z.array(z.string()),
  videos: z.object({ trending: z.array(ProductVideoSchema), recent: z.array(ProductVideoSchema) }),
  influencers: z.object({ trending: z.array(ProductInfluencerSchema), popular: z.array(ProductInfluencerSchema) }),
  names: z.array(z.object({ _id: z.string(), name: z.string() })),
});
export type ProductDetailResponse = z.infer<typeof ProductDetailResponseSchema>;

/** GET /products/:id/videos and /products/:id/influencers query (paged, newest / most subscribers first). */
export const ProductPageQuerySchema = IdentitySchema.extend({ page: pageParam, per_page: perPageParam });
export const ProductVideosResponseSchema = z.object({ videos: z.array(ProductVideoSchema), count: z.number().int() });
export const ProductInfluencersResponseSchema = z.object({ influencers: z.array(ProductInfluencerSchema), count: z.number().int() });

/**
 * POST /products body (JSON), or multipart with the same text fields (`price` as text) and picture files in
 * `pictures` (jpg, jpeg, png, webp; ≤ PRODUCT_PICTURE_MAX_BYTES each, ≤ PRODUCT_PICTURE_MAX_FILES). Creates a product of
 * the acting brand; answers the detail. A category not yet known is added to /products/categories.
 */
/** A product picture kept by address: a picture uploaded to the back end (/media/…) or an http(s) address, nothing a page must not load. */
const productPicture = z.string().max(500).refine(isWebMediaSource, PRODUCT_IMAGE_REFUSED);

export const ProductCreateBodySchema = IdentitySchema.extend({
  name: z.string().trim().min(1).max(200),
  category: z.string().trim().min(1).max(100),
  description: z.string().max(5000).default(''),
  price: z.coerce.number().nonnegative().max(1_000_000).default(0),
  /** Picture URLs to keep (JSON); uploaded files are appended. */
  pictures: z.array(productPicture).max(20).default([]),
});
/** PUT /products/:id body: the changed fields of an own product (JSON, or multipart adding pictures). */
export const ProductUpdateBodySchema = IdentitySchema.extend({
  name: z.string().trim().min(1).max(200).optional(),
  category: z.string().trim().min(1).max(100).optional(),
  description: z.string().max(5000).optional(),
  price: z.coerce.number().nonnegative().max(1_000_000).optional(),
  pictures: z.array(productPicture).max(20).optional(),
});
export const PRODUCT_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
export const PRODUCT_PICTURE_MAX_FILES = 6;
export const PRODUCT_PICTURE_MIME_MAP: Readonly<Record<string, string>> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
/** Create/update errors shown on the form (spec §8 "Product create/update errors are stored"). */
export const PRODUCT_MESSAGES = {
  pictureType: 'Pictures must be JPG, PNG or WebP images.',
  pictureTooLarge: 'A picture is larger than 5 MB.',
  tooManyPictures: 'At most 6 pictures can be uploaded at once.',
  duplicateName: 'A product with this name already exists.',
} as const;

/** GET /products/autocomplete_product_or_hashtag_list?q= 200: product names and hashtags containing q (≤ 20). */
export const AutocompleteQuerySchema = IdentitySchema.extend({ q: searchText(100).default('') });
export const AutocompleteResponseSchema = z.object({
  results: z.array(z.object({ type: z.enum(['product', 'hashtag']), value: z.string(), product_id: z.string().nullable() })),
});
/** GET /products/categories 200. */
export const CategoriesResponseSchema = z.object({ categories: z.array(z.object({ _id: z.string(), name: z.string() })) });

/** POST /products/favorite_products, /unfavorite_products, /removed_on_dashboard, /restore_products body. */
export const ProductIdsBodySchema = IdentitySchema.extend({ product_ids: ids.min(1) });
/** PUT /products/:id/trash_product body. */
export const TrashProductBodySchema = IdentitySchema;
/** Favorite / unfavorite / trash answer: {message, count} (count = products whose state changed). */
export const ProductMarkResponseSchema = z.object({ message: z.string(), count: z.number().int() });
/**
 * POST /products/removed_on_dashboard (permanent delete of trashed products) and /products/restore_products 200:
 * an array whose first element is the message shown, then {count, product_ids} (the ids whose state changed).
 */
export const ProductMessageArraySchema = z.tuple([z.string(), z.object({ count: z.number().int(), product_ids: z.array(z.string()) })]);

/** GET /products/:id/product_note 200 (note null when none) and PUT body (empty content deletes the note). */
export const ProductNoteResponseSchema = z.object({ note: z.object({ product_id: z.string(), content: z.string(), updated_at: z.string(), updated_by: PersonSchema.nullable() }).nullable() });
