import type { FastifyInstance } from 'fastify';

/**
 * A process's drain (SIGTERM, decision 0366): once begun, /readyz answers 503 and every part that holds long-lived
 * work lets go of it through the hooks registered here (the scheduler stops, the game's event streams tell their
 * phones to reconnect elsewhere). The platform knows no part by name: each registers its own hook.
 */
export type DrainHook = () => void | Promise<void>;

export type Drain = {
  readonly draining: boolean;
  /** Adds what to do when the drain begins; a hook added after it began runs at once. */
  onDrain(hook: DrainHook): void;
  /** Begins the drain (once): resolves when every hook has run; a failing hook is logged, not fatal. */
  begin(): Promise<void>;
};

export function createDrain(log: { warn: (obj: object, msg: string) => void }): Drain {
  const hooks: DrainHook[] = [];
  let begun: Promise<void> | null = null;
  const run = async (hook: DrainHook) => {
    try {
      await hook();
    } catch (err) {
      log.warn({ err }, 'drain hook failed');
    }
  };
  return {
    get draining() {
      return begun !== null;
    },
    onDrain(hook) {
      if (begun) void run(hook);
      else hooks.push(hook);
    },
    begin() {
      begun ??= Promise.all(hooks.splice(0).map(run)).then(() => undefined);
      return begun;
    },
  };
}

/**
 * Once draining, every answer closes its connection (`Connection: close`): a keep-alive client or proxy sends its
 * next request on a new connection, which the closed listener turns away and a proxy sends to another process, and
 * the close does not wait out idle keep-alive connections.
 */
export function closeConnectionsWhileDraining(app: FastifyInstance, drain: Drain): void {
  // A callback hook: no promise per answer while not draining (issue 37).
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (drain.draining) void reply.header('connection', 'close');
    done(null, payload);
  });
}
