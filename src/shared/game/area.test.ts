import { describe, expect, it } from 'vitest';
import { areaAt, finalRadius, MIN_AREA_RADIUS_M, nextShrinkAt, outsideArea, shrinkStage, SHRINK_STEPS } from './area';

const booked = { lat: 51.5074, lng: -0.1278, radius: 1000 };
const start = new Date('2030-06-15T14:00:00Z');
const end = new Date('2030-06-15T16:00:00Z'); // two hours
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

describe('the shrinking game area', () => {
  it('keeps the booked area for the first quarter of the game', () => {
    expect(areaAt(booked, start, end, at(0))).toEqual(booked);
    expect(areaAt(booked, start, end, at(29))).toEqual(booked);
  });

  it('steps down to 40 % of the booked radius by 85 % of the game, around the same centre', () => {
    expect(areaAt(booked, start, end, at(30)).radius).toBe(900); // first step at the quarter
    expect(areaAt(booked, start, end, at(42)).radius).toBe(800);
    expect(areaAt(booked, start, end, at(102))).toEqual({ ...booked, radius: 400 });
    expect(areaAt(booked, start, end, at(119))).toEqual({ ...booked, radius: 400 });
    expect(areaAt(booked, start, end, at(500)).radius).toBe(400);
  });

  it('never shrinks below the minimum, and a small area does not shrink', () => {
    expect(finalRadius(300)).toBe(MIN_AREA_RADIUS_M);
    expect(finalRadius(100)).toBe(100);
    expect(areaAt({ ...booked, radius: 100 }, start, end, at(110)).radius).toBe(100);
    expect(nextShrinkAt({ ...booked, radius: 100 }, start, end, at(0))).toBeNull();
  });

  it('only ever shrinks as time goes on', () => {
    let last = Number.POSITIVE_INFINITY;
    for (let minute = 0; minute <= 120; minute += 1) {
      const { radius } = areaAt(booked, start, end, at(minute));
      expect(radius).toBeLessThanOrEqual(last);
      last = radius;
    }
    expect(shrinkStage(start, end, at(120))).toBe(SHRINK_STEPS);
  });

  it('tells when the next step comes', () => {
    expect(nextShrinkAt(booked, start, end, at(0))).toEqual(at(30));
    expect(nextShrinkAt(booked, start, end, at(30))).toEqual(at(42));
    expect(nextShrinkAt(booked, start, end, at(110))).toBeNull();
  });

  it('treats a game without length as not shrinking', () => {
    expect(areaAt(booked, start, start, at(10))).toEqual(booked);
  });

  it('says whether a position is outside, and by how much', () => {
    expect(outsideArea({ lat: booked.lat, lng: booked.lng }, booked)).toEqual({ outside: false, metres: 0 });
    // 0.01° of latitude is about 1112 m.
    const out = outsideArea({ lat: booked.lat + 0.01, lng: booked.lng }, booked);
    expect(out.outside).toBe(true);
    expect(out.metres).toBeGreaterThan(100);
    expect(out.metres).toBeLessThan(125);
  });
});
