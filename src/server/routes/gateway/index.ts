import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../../context';

/** The integration and publishing gateway (spec §7), mounted at SERVICE_PREFIXES.gateway. Its routes arrive with later issues; each uses defineRoute. */
export async function gatewayApiPlugin(_app: FastifyInstance, _ctx: ServerContext): Promise<void> {}
