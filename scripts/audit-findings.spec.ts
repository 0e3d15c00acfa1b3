import { advisoriesOf, advisoryFindings, deprecationFindings, type AuditExceptions, type AuditReport } from './audit-findings.js';

const NO_EXCEPTIONS: AuditExceptions = { advisories: {}, deprecated: {} };

/** The shape `npm audit --omit=dev --json` prints: a vulnerable package, and one that is vulnerable through it. */
const REPORT: AuditReport = {
  vulnerabilities: {
    'path-lib': {
      via: [
        {
          name: 'path-lib',
          title: 'Regular expression denial of service',
          url: 'https://github.com/advisories/GHSA-aaaa',
          severity: 'high',
          range: '<8.0.0',
        },
        {
          name: 'path-lib',
          title: 'Slow parse of long paths',
          url: 'https://github.com/advisories/GHSA-bbbb',
          severity: 'moderate',
          range: '<8.1.0',
        },
      ],
    },
    'web-framework': { via: ['path-lib'] },
  },
};

describe('reading npm audit for npm run audit:prod', () => {
  it('lists each advisory once, not again for the packages that pull it in', () => {
    expect(advisoriesOf(REPORT)?.map((advisory) => advisory.url)).toEqual([
      'https://github.com/advisories/GHSA-aaaa',
      'https://github.com/advisories/GHSA-bbbb',
    ]);
  });

  it('knows npm could not audit when the registry refused the endpoint', () => {
    expect(
      advisoriesOf({ message: '405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk' }),
    ).toBeNull();
  });

  it('fails a high advisory that is not explained, and prints a moderate one without failing', () => {
    const findings = advisoryFindings(advisoriesOf(REPORT)!, NO_EXCEPTIONS);
    expect(findings.map((finding) => [finding.line, finding.fails])).toEqual([
      ['high path-lib <8.0.0: Regular expression denial of service (https://github.com/advisories/GHSA-aaaa)', true],
      ['moderate path-lib <8.1.0: Slow parse of long paths (https://github.com/advisories/GHSA-bbbb)', false],
    ]);
  });

  it('accepts an advisory explained by its URL or by its package', () => {
    const reason = 'Only parses paths the server itself writes.';
    for (const key of ['https://github.com/advisories/GHSA-aaaa', 'path-lib']) {
      const [high] = advisoryFindings(advisoriesOf(REPORT)!, { ...NO_EXCEPTIONS, advisories: { [key]: reason } });
      expect(high).toMatchObject({ reason, fails: false });
    }
  });

  it('fails a deprecated production package unless that version is explained', () => {
    const deprecation = { name: 'old-captcha', version: '1.4.0', notice: 'No longer maintained' };
    expect(deprecationFindings([deprecation], NO_EXCEPTIONS)).toEqual([
      { line: 'deprecated old-captcha@1.4.0: No longer maintained', reason: undefined, fails: true },
    ]);
    const kept = deprecationFindings([deprecation], { ...NO_EXCEPTIONS, deprecated: { 'old-captcha@1.4.0': 'Draws the code only.' } });
    expect(kept[0].fails).toBe(false);
    expect(
      deprecationFindings([{ ...deprecation, version: '1.5.0' }], {
        ...NO_EXCEPTIONS,
        deprecated: { 'old-captcha@1.4.0': 'Draws the code only.' },
      })[0].fails,
    ).toBe(true);
  });
});
