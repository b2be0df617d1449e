import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { NoteBodySchema } from '../../../../shared/http/videoList.schemas';
import { IdentityQuerySchema, VideoIdParamsSchema } from '../../../../shared/http/videos.schemas';
import type { ServerContext } from '../../../context';
import { defineRoute } from '../../../http/defineRoute';
import type { NotesRepository } from '../../../repositories/notesRepository';
import { actingBrand, type Acting } from '../videos/videoAccess';

export interface NoteRoutesOptions<K extends string> {
  /** `/products/:id/product_note` style path. */
  url: string;
  noun: string;
  competitorsOf: (brandId: string) => Promise<string[]>;
  notes: NotesRepository;
  /** Throws (or rejects) 404 unless the acting brand may see the target. */
  check: (acting: Acting, id: string) => void | Promise<void>;
  response: z.ZodType;
  /** The id field of the answer's note (product_id, influencer_id). */
  key: K;
}

/** GET and PUT of the acting brand's note on one target (spec §3 Notes; empty content deletes the note). */
export function registerNoteRoutes<K extends string>(app: FastifyInstance, ctx: ServerContext, options: NoteRoutesOptions<K>): void {
  const repos = { competitorsOf: options.competitorsOf };
  const base = { auth: 'bearer' as const, tags: [`${options.noun}s`], url: options.url, params: VideoIdParamsSchema, response: { 200: options.response } };
  const noteOf = async (id: string, brandId: string) => {
    const note = await options.notes.note(id, brandId);
    return { note: note ? { [options.key]: id, ...note } : null };
  };
  defineRoute(app, {
    ...base, method: 'GET', summary: `The brand's note on a ${options.noun}`, query: IdentityQuerySchema,
    handler: async ({ params, request }) => {
      const acting = await actingBrand(request, repos);
      await options.check(acting, params.id);
      return noteOf(params.id, acting.brandId);
    },
  });
  defineRoute(app, {
    ...base, method: 'PUT', summary: `Saves the brand's note on a ${options.noun} (empty deletes it)`, body: NoteBodySchema,
    handler: async ({ params, body, request }) => {
      const acting = await actingBrand(request, repos);
      await options.check(acting, params.id);
      await options.notes.save(params.id, acting.brandId, acting.userId, body.content, ctx.now().toISOString());
      return noteOf(params.id, acting.brandId);
    },
  });
}
