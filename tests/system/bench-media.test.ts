import { describe, expect, it } from 'vitest';
import { useFreshPostgresDatabases } from '../support/fresh-postgres-database';

/**
 * `npm run bench -- media` made small (issue 29; see bench-game.test.ts): the upload taken, the zip sent whole.
 * Build first: `npm run build`.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
const freshDatabase = useFreshPostgresDatabases();

describe.skipIf(!serverUrl)('the bench media section (needs TEST_DATABASE_URL)', { tags: ['postgres'] }, () => {
  it("takes a video answer and sends the game's media zip whole (memory is the bench's figure, not checked here)", async () => {
    const { benchMedia } = await import('../../bench/media');
    const url = await freshDatabase('hatch_bench_media');
    const result = await benchMedia(url, { videoMb: 3, repeats: 1, parallel: 2 });
    expect(result.upload.status).toBe(201);
    expect(result.uploads_in_a_row.statuses).toEqual([201]);
    expect(result.uploads_in_parallel.statuses).toEqual([201, 201]);
    expect(result.zip.status).toBe(200);
    // Stored uncompressed: every media's bytes and the zip's headers and directory (the zip once stopped after a few MB).
    expect(result.zip.zip_bytes).toBeGreaterThan(result.zip.media_bytes);
  });
});
