import { describe, expect, it } from 'vitest';
import { decodeGazetteer, encodeGazetteer, type GazetteerColumns } from './gazetteer-file';
import { gazetteerIndex, gazetteerSource, writeGazetteerIndex } from './gazetteer';

const SOURCE = { version: '3.1.0', bytes: 1234 };

function columns(): GazetteerColumns {
  return {
    size: 3,
    keys: ['london', 'zurich', 'zurich'],
    names: ['london', 'Zürich', 'zurich'],
    countries: ['GB', 'CH', 'CH'],
    admins: ['ENG', '25', '25'],
    ids: Float64Array.from([2643743, 2657896, 1]),
    populations: Float64Array.from([8961989, 341730, 1000]),
    lats: Float64Array.from([51.50853, 47.36667, -1.5]),
    lngs: Float64Array.from([-0.12574, 8.55, 179.99999]),
    types: ['city', 'city', 'village'],
  };
}

describe('the gazetteer index file', () => {
  it('reads back the columns it was written from', () => {
    expect(decodeGazetteer(encodeGazetteer(columns(), SOURCE), SOURCE)).toEqual(columns());
  });

  it('is not read when made from other data, or cut short, or not an index at all', () => {
    const file = encodeGazetteer(columns(), SOURCE);
    expect(decodeGazetteer(file, { ...SOURCE, version: '3.2.0' })).toBeNull();
    expect(decodeGazetteer(file, { ...SOURCE, bytes: 1235 })).toBeNull();
    expect(decodeGazetteer(file.subarray(0, file.length - 10), SOURCE)).toBeNull();
    expect(decodeGazetteer(file.subarray(0, 40), SOURCE)).toBeNull();
    expect(decodeGazetteer(Buffer.from('not an index'), SOURCE)).toBeNull();
    expect(decodeGazetteer(Buffer.alloc(0), SOURCE)).toBeNull();
    // A header of this layout that does not say what it was made from.
    const header = Buffer.from(JSON.stringify({ magic: 'hatch-gazetteer', layout: 1, size: 0, sections: [] }));
    const length = Buffer.alloc(4);
    length.writeUInt32LE(header.length);
    expect(decodeGazetteer(Buffer.concat([length, header]), SOURCE)).toBeNull();
  });

  it('holds the whole index as built from the package', () => {
    const built = gazetteerIndex();
    // Beside the TypeScript sources there is no build's file: the index was built from the package's data.
    expect(built.stats.from).toBe('package');
    const read = decodeGazetteer(writeGazetteerIndex().bytes, gazetteerSource());
    if (!read) throw new Error('the index file was not read back');
    expect(read.size).toBe(built.size);
    const differing = (name: keyof Omit<GazetteerColumns, 'size'>) => {
      const a = read[name];
      const b = built[name];
      for (let i = 0; i < built.size; i++) if (a[i] !== b[i]) return i;
      return -1;
    };
    for (const name of ['keys', 'names', 'countries', 'admins', 'ids', 'populations', 'lats', 'lngs', 'types'] as const) {
      expect(differing(name), name).toBe(-1);
    }
    expect(read.keys[0]?.length).toBeGreaterThan(0);
  });
});
