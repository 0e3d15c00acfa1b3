// What `npm run audit:prod` (scripts/audit-production.ts) makes of npm's audit report and the registry's deprecation
// notices: which findings fail the check because scripts/audit-exceptions.json does not explain them.

/** Only these fail; lower ones are printed. */
const FAILING_SEVERITIES = new Set(['high', 'critical']);

export interface AuditExceptions {
  /** Advisory URL, or package name for all its advisories: why it is accepted. */
  advisories: Record<string, string>;
  /** 'package@version': why it is kept. */
  deprecated: Record<string, string>;
}

export interface AuditAdvisory {
  name: string;
  title: string;
  url: string;
  severity: string;
  range: string;
}

/** `npm audit --json` (report version 2), or npm's error when the registry refuses the audit endpoint. */
export interface AuditReport {
  vulnerabilities?: Record<string, { via: (AuditAdvisory | string)[] }>;
  message?: string;
}

export interface Deprecation {
  name: string;
  version: string;
  notice: string;
}

export interface Finding {
  line: string;
  /** Why it is accepted, from the exceptions file. */
  reason?: string;
  fails: boolean;
}

/**
 * The report's advisories, once each (a package's entry names the advisories of the packages it pulls in by
 * name only), or null when npm could not audit at all.
 */
export function advisoriesOf(report: AuditReport): AuditAdvisory[] | null {
  if (!report.vulnerabilities) return null;
  const advisories = new Map<string, AuditAdvisory>();
  for (const vulnerability of Object.values(report.vulnerabilities)) {
    for (const via of vulnerability.via) if (typeof via !== 'string') advisories.set(via.url, via);
  }
  return [...advisories.values()];
}

export function advisoryFindings(advisories: readonly AuditAdvisory[], exceptions: AuditExceptions): Finding[] {
  return advisories.map((advisory) => {
    const reason = exceptions.advisories[advisory.url] ?? exceptions.advisories[advisory.name];
    return {
      line: `${advisory.severity} ${advisory.name} ${advisory.range}: ${advisory.title} (${advisory.url})`,
      reason,
      fails: FAILING_SEVERITIES.has(advisory.severity) && !reason,
    };
  });
}

export function deprecationFindings(deprecations: readonly Deprecation[], exceptions: AuditExceptions): Finding[] {
  return deprecations.map(({ name, version, notice }) => {
    const reason = exceptions.deprecated[`${name}@${version}`];
    return { line: `deprecated ${name}@${version}: ${notice}`, reason, fails: !reason };
  });
}
