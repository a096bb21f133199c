// Preloaded into the game sections' servers (bench/game.ts) with --expose-gc, never how the server runs: a full
// collection when the bench sends SIGUSR2, just before it reads the memory, so the memory per player is memory held,
// not garbage that V8 had not collected yet (decision 0454).
process.on('SIGUSR2', () => global.gc());
