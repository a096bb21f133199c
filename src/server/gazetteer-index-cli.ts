import { renameSync, writeFileSync } from 'node:fs';
import { writeGazetteerIndex } from './domains/catalogue';

/**
 * Run by `npm run build` after bundling the server: writes the city gazetteer's index beside the bundle
 * (dist/gazetteer-index.bin), so each server process reads it at start instead of building it (gazetteer-file.ts).
 * Written under a temporary name and renamed: a server starting meanwhile reads the old file or the new one, never half.
 */
const { file, bytes } = writeGazetteerIndex();
const temporary = `${file}.${process.pid}.tmp`;
writeFileSync(temporary, bytes);
renameSync(temporary, file);
process.stdout.write(`Wrote ${file} (${Math.round(bytes.length / 1024)} KB)\n`);
