import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

/*
 * The benchmark's yardstick: the same Fastify as the service, one route answering a fixed small
 * JSON object, no logging. Ratios against it factor out the machine and the load generator.
 * Prints `listening <port>` once ready; PORT=0 picks a free port.
 */

const app = Fastify({ logger: false });
app.get('/', async () => ({ id: 1, title: 'Baseline', status: 'publish' }));
await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
process.stdout.write(`listening ${(app.server.address() as AddressInfo).port}\n`);
for (const signal of ['SIGTERM', 'SIGINT'] as const)
  process.once(signal, () => void app.close().then(() => process.exit(0)));
