import { z } from 'zod';

/** A brand the signed-in user can act for. */
export const BrandSchema = z.object({
  _id: z.string(),
  name: z.string(),
  picture: z.string().nullable(),
  competitor: z.boolean().optional(),
});
export type Brand = z.infer<typeof BrandSchema>;

export const CurrentUserSchema = z.object({
  _id: z.string(),
  registration_completed: z.boolean(),
  email: z.string().optional(),
  first_name: z.string().optional(),
  last_name: z.string().optional(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/** What the renderer keeps of a signed-in session (spec §3 Session, minus the jwt held by the host). */
export const SessionSchema = z.object({
  roles: z.array(z.string()),
  currentUser: CurrentUserSchema,
  brands: z.array(BrandSchema),
  currentBrand: BrandSchema.nullable(),
  competitors: z.array(BrandSchema),
  userPicture: z.string().nullable(),
  brandPicture: z.string().nullable(),
  lastSignInAt: z.string().nullable(),
});
export type Session = z.infer<typeof SessionSchema>;
