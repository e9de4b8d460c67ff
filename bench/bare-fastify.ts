// The reference for bench/api-load.ts: a bare Fastify answering a small JSON array, in a process of its own.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/bare', async () => [{ id: 'a', title: 'Biology', subject: 'Biology' }]);
await app.listen({ port: Number(process.env.PORT ?? 3911), host: '127.0.0.1' });
