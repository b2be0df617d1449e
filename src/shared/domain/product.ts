import { z } from 'zod';

/** A product of a brand's catalogue (spec §3 product detail). */
export const ProductSchema = z.object({
  _id: z.string(),
  brand_id: z.string(),
  name: z.string(),
  category: z.string(),
  description: z.string(),
  price: z.number().nonnegative(),
  pictures: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;
