import type { PartnerDefinition } from '../../../common/site.js';
import { partnersInForce, pngLogo, replaceInPlace } from './partner-register.js';

const partner = (id: string, name = id) => ({ id, name }) as PartnerDefinition;
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
const approved = (partnerId: string, definition: PartnerDefinition | null) => ({
  partnerId,
  definition,
  decidedAt: new Date('2026-12-01T09:00:00Z'),
  decidedByName: 'Tove Service',
});

describe('the partners in force', () => {
  it('are the partner files, with each approved change in its file’s place, added or removed', () => {
    const seed = { cap_live: partner('cap_live', 'CAP'), dfl_live: partner('dfl_live') };
    const inForce = partnersInForce(seed, [
      approved('cap_live', partner('cap_live', 'CAP Money')),
      approved('dfl_live', null),
      approved('river_advice', partner('river_advice')),
    ]);
    expect(Object.keys(inForce).sort()).toEqual(['cap_live', 'river_advice']);
    expect(inForce.cap_live.name).toBe('CAP Money');
    // The seed itself is left as it was read.
    expect(Object.keys(seed)).toEqual(['cap_live', 'dfl_live']);
  });

  it('are put into the same object every service holds', () => {
    const held: Record<string, PartnerDefinition> = { cap_live: partner('cap_live'), gone: partner('gone') };
    const same = held;
    replaceInPlace(held, { cap_live: partner('cap_live', 'CAP Money'), river_advice: partner('river_advice') });
    expect(same).toBe(held);
    expect(Object.keys(held).sort()).toEqual(['cap_live', 'river_advice']);
    expect(held.cap_live.name).toBe('CAP Money');
  });
});

describe('a logo upload', () => {
  it('is taken when it is a PNG within the limit', () => {
    const upload = pngLogo(ONE_PIXEL_PNG, 60_000);
    expect('bytes' in upload && upload.bytes.subarray(1, 4).toString()).toBe('PNG');
  });

  it('is refused when it is an SVG, not base64, or too large', () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>').toString('base64');
    expect(pngLogo(svg, 60_000)).toEqual({ problem: 'notPng' });
    expect(pngLogo('not base64 at all!', 60_000)).toEqual({ problem: 'notPng' });
    expect(pngLogo(ONE_PIXEL_PNG, 40)).toEqual({ problem: 'tooLarge' });
    // A PNG's signature with no IHDR chunk after it.
    expect(
      pngLogo(Buffer.concat([Buffer.from(ONE_PIXEL_PNG, 'base64').subarray(0, 8), Buffer.alloc(40)]).toString('base64'), 60_000),
    ).toEqual({
      problem: 'notPng',
    });
  });
});
