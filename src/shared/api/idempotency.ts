/**
 * How long the server keeps an Idempotency-Key and its answer (platform/idempotency.ts prunes older ones). Whatever
 * a client may still send later must be refused before then, or its replay would be taken twice (decision 0430).
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
