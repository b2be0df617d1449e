import type { FastifyInstance } from 'fastify';

/**
 * Once the back end is stopping, every answer still to be sent closes its connection after it: a client's next request
 * opens a new connection (to another instance, behind a load balancer) instead of meeting one about to be cut, and the
 * stop ends as soon as the last request in flight is answered rather than when the grace period cuts idle keep-alives.
 * Install it before any preClose hook that answers waiting requests (the chat bus), so their answers carry it too.
 */
export function installDrain(app: FastifyInstance): void {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (draining) reply.header('connection', 'close');
  });
}
