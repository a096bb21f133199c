import { z } from 'zod';
import { PLACE_TYPES, type PlaceType } from '../../../../shared/api/public-booking';

/**
 * The gazetteer's index as one file, written by the build beside the server's bundle (`npm run build`:
 * gazetteer-index-cli.ts) and read by each server process at start instead of building the index from the package's
 * data again: building it is about 0.4 s of CPU a process (decoding 135,000 places, folding and sorting their names),
 * reading it a few tens of milliseconds. The file says which data it was made from (the package's version and the data
 * file's length) and in which layout; a server finding another, or none (a run from the TypeScript sources), builds the
 * index itself, as before.
 */

/** The index's columns, one entry per place, sorted by folded name and then by population (gazetteer.ts). */
export type GazetteerColumns = {
  size: number;
  keys: string[];
  names: string[];
  countries: string[];
  admins: string[];
  ids: Float64Array;
  populations: Float64Array;
  lats: Float64Array;
  lngs: Float64Array;
  types: PlaceType[];
};

/** The data the index was made from. */
export type GazetteerSource = { version: string; bytes: number };

const MAGIC = 'hatch-gazetteer';
/** The layout below, and the rules the index is built by (gazetteer.ts): a change to either changes this. */
const LAYOUT = 1;
const SEPARATOR = '\0';

const sectionSchema = z.object({ name: z.string(), offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() });
const headerSchema = z.object({
  magic: z.literal(MAGIC),
  layout: z.literal(LAYOUT),
  source: z.object({ version: z.string(), bytes: z.number() }),
  size: z.number().int().nonnegative(),
  sections: z.array(sectionSchema),
});
type Section = z.infer<typeof sectionSchema>;
type Header = z.infer<typeof headerSchema>;

/** Each distinct text once, and each place's position in that list. */
function distinct(values: string[]): { table: string[]; positions: Uint32Array } {
  const seen = new Map<string, number>();
  const positions = new Uint32Array(values.length);
  values.forEach((value, i) => {
    let position = seen.get(value);
    if (position === undefined) {
      position = seen.size;
      seen.set(value, position);
    }
    positions[i] = position;
  });
  return { table: [...seen.keys()], positions };
}

const bytesOf = (view: ArrayBufferView) => Buffer.from(view.buffer, view.byteOffset, view.byteLength);
const textOf = (values: string[]) => Buffer.from(values.join(SEPARATOR), 'utf8');

export function encodeGazetteer(columns: GazetteerColumns, source: GazetteerSource): Buffer {
  const countries = distinct(columns.countries);
  const admins = distinct(columns.admins);
  const parts: [string, Buffer][] = [
    ['keys', textOf(columns.keys)],
    // A name that folds to itself is left empty: the key is the name.
    ['names', textOf(columns.names.map((name, i) => (name === columns.keys[i] ? '' : name)))],
    ['countryTable', textOf(countries.table)],
    ['countries', bytesOf(countries.positions)],
    ['adminTable', textOf(admins.table)],
    ['admins', bytesOf(admins.positions)],
    ['ids', bytesOf(columns.ids)],
    ['populations', bytesOf(columns.populations)],
    ['lats', bytesOf(columns.lats)],
    ['lngs', bytesOf(columns.lngs)],
    ['types', bytesOf(Uint8Array.from(columns.types, (type) => PLACE_TYPES.indexOf(type)))],
  ];
  const sections: Section[] = [];
  let offset = 0;
  for (const [name, bytes] of parts) {
    sections.push({ name, offset, length: bytes.length });
    offset += bytes.length;
  }
  const header: Header = { magic: MAGIC, layout: LAYOUT, source, size: columns.size, sections };
  const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(headerBytes.length);
  return Buffer.concat([length, headerBytes, ...parts.map(([, bytes]) => bytes)]);
}

/** The columns in `file`, or null when it is not an index of this layout made from `source`. */
export function decodeGazetteer(file: Buffer, source: GazetteerSource): GazetteerColumns | null {
  if (file.length < 4) return null;
  const headerLength = file.readUInt32LE(0);
  let parsed: unknown;
  try {
    parsed = JSON.parse(file.toString('utf8', 4, 4 + headerLength));
  } catch {
    return null;
  }
  const read = headerSchema.safeParse(parsed);
  if (!read.success) return null;
  const header = read.data;
  if (header.source.version !== source.version || header.source.bytes !== source.bytes) return null;
  const start = 4 + headerLength;
  const section = (name: string): Buffer => {
    const found = header.sections.find((s) => s.name === name);
    if (!found || start + found.offset + found.length > file.length) throw new Error(`gazetteer index: no ${name}`);
    return file.subarray(start + found.offset, start + found.offset + found.length);
  };
  // Copied into buffers of their own: a typed array needs its element size's alignment, which a section may not have.
  const copied = (name: string) => {
    const bytes = section(name);
    const copy = new Uint8Array(bytes.length);
    copy.set(bytes);
    return copy.buffer;
  };
  const numbers = (name: string) => new Float64Array(copied(name));
  const positions = (name: string) => new Uint32Array(copied(name));
  const texts = (name: string) => section(name).toString('utf8').split(SEPARATOR);
  try {
    const size = header.size;
    const keys = texts('keys');
    const names = texts('names').map((name, i) => (name === '' ? (keys[i] ?? '') : name));
    const countryTable = texts('countryTable');
    const adminTable = texts('adminTable');
    const columns: GazetteerColumns = {
      size,
      keys,
      names,
      countries: Array.from(positions('countries'), (p) => countryTable[p] ?? ''),
      admins: Array.from(positions('admins'), (p) => adminTable[p] ?? ''),
      ids: numbers('ids'),
      populations: numbers('populations'),
      lats: numbers('lats'),
      lngs: numbers('lngs'),
      types: Array.from(section('types'), (t) => PLACE_TYPES[t] ?? 'village'),
    };
    const lengths = [
      columns.keys,
      columns.names,
      columns.countries,
      columns.admins,
      columns.ids,
      columns.populations,
      columns.lats,
      columns.lngs,
      columns.types,
    ];
    return lengths.every((column) => column.length === size) ? columns : null;
  } catch {
    return null;
  }
}
