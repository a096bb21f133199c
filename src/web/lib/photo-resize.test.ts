import { describe, expect, it } from 'vitest';
import { resizedDimensions } from './photo-resize';

describe('resizedDimensions', () => {
  it('brings the longest side down to 1600 px and keeps the shape', () => {
    expect(resizedDimensions(4032, 3024)).toEqual({ width: 1600, height: 1200 });
    expect(resizedDimensions(3024, 4032)).toEqual({ width: 1200, height: 1600 });
    expect(resizedDimensions(4000, 4000)).toEqual({ width: 1600, height: 1600 });
  });
  it('never enlarges a small photo', () => {
    expect(resizedDimensions(800, 600)).toEqual({ width: 800, height: 600 });
    expect(resizedDimensions(1600, 900)).toEqual({ width: 1600, height: 900 });
  });
  it('keeps a very thin panorama at least 1 px high', () => {
    expect(resizedDimensions(20000, 3)).toEqual({ width: 1600, height: 1 });
  });
  it('takes another longest side and refuses an empty image', () => {
    expect(resizedDimensions(1000, 500, 400)).toEqual({ width: 400, height: 200 });
    expect(() => resizedDimensions(0, 10)).toThrow(RangeError);
  });
});
