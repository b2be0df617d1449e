import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';

/** The second API (downloads, re-analysis, uploads; spec §7 Second API), mounted at SERVICE_PREFIXES.second. Its routes arrive with later issues; each uses defineRoute. */
export async function secondApiPlugin(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}
