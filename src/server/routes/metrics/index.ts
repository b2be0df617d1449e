import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';

/** The metrics and widget API (spec §7 Metrics and widget API), mounted at SERVICE_PREFIXES.metrics. Its routes arrive with later issues; each uses defineRoute. */
export async function metricsApiPlugin(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}
