import { startBenchServer } from './bench/server';
import { runLoad } from './bench/load';
const dir = process.argv[2]!;
process.env.BENCH_SERVER_PROFILE = dir;
const server = await startBenchServer({ TRUST_PROXY: 'true', LOG_LEVEL: 'warn' });
await runLoad({ baseUrl: server.url, concurrency: 32, maxRequests: 2000, maxMs: 1500, request: { path: '/api/pricing' } });
const r = await runLoad({ baseUrl: server.url, concurrency: 32, maxRequests: 500000, maxMs: Number(process.argv[3] ?? 8000), request: { path: '/api/pricing' } });
console.log('rps', r.rps);
await server.stop();
