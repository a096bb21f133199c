// An experiment for the media section (docs/BENCHMARKS.md), never how the server runs: preloaded into the bench's
// servers with BENCH_SERVER_NODE_OPTIONS="--expose-gc --require ./bench/minor-gc.cjs", it runs V8's young-generation
// collection every 20 ms, so memory that is only garbage not yet collected is told apart from memory held.
setInterval(() => global.gc({ type: 'minor' }), 20).unref();
