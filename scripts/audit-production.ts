// npm run audit:prod: the production dependencies checked for known security issues. Two checks:
// - `npm audit --omit=dev`: every high or critical advisory must be listed, with the reason it is accepted, in
//   scripts/audit-exceptions.json, or this fails. Some registries refuse the audit endpoint (this project's build
//   machines answer 405); then this says so plainly, since nothing was checked, and goes on.
// - The registry's own word on each installed version: a deprecated production package fails the same way unless
//   it is explained. This needs only the registry's ordinary reads, so it runs wherever `npm ci` can.
// .ci/run runs it before the tests.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { promisify } from 'node:util';
import {
  advisoriesOf,
  advisoryFindings,
  deprecationFindings,
  type AuditExceptions,
  type AuditReport,
  type Deprecation,
  type Finding,
} from './audit-findings.js';

const REPO_ROOT = resolve(import.meta.dirname, '..');
const REGISTRY = 'https://registry.npmjs.org/';
/** Parallel reads of the registry: a couple of hundred at once time out. */
const REGISTRY_READERS = 8;

async function npmAudit(): Promise<AuditReport> {
  try {
    const { stdout } = await promisify(execFile)('npm', ['audit', '--omit=dev', '--json'], { cwd: REPO_ROOT, maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(stdout) as AuditReport;
  } catch (error) {
    // npm exits 1 both when it finds advisories and when the endpoint fails; the JSON on stdout tells which.
    const stdout = (error as { stdout?: string }).stdout;
    if (!stdout) throw error;
    return JSON.parse(stdout) as AuditReport;
  }
}

/** The production packages installed, from the lock file. */
function productionPackages(): { name: string; version: string }[] {
  const lock = JSON.parse(readFileSync(resolve(REPO_ROOT, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string; dev?: boolean; link?: boolean }>;
  };
  return Object.entries(lock.packages)
    .filter(([path, entry]) => path !== '' && !entry.dev && !entry.link && entry.version)
    .map(([path, entry]) => ({ name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length), version: entry.version! }));
}

async function deprecations(packages: { name: string; version: string }[]): Promise<Deprecation[]> {
  const queue = [...packages];
  const found: Deprecation[] = [];
  const reader = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      // The abbreviated document: versions with their deprecation notices, without every readme.
      const response = await fetch(`${REGISTRY}${next.name.replace('/', '%2f')}`, {
        headers: { accept: 'application/vnd.npm.install-v1+json' },
      });
      if (!response.ok) throw new Error(`The registry answered ${response.status} for ${next.name}`);
      const document = (await response.json()) as { versions: Record<string, { deprecated?: string }> };
      const notice = document.versions[next.version]?.deprecated;
      if (notice) found.push({ ...next, notice });
    }
  };
  await Promise.all(Array.from({ length: REGISTRY_READERS }, reader));
  return found.sort((a, b) => a.name.localeCompare(b.name));
}

const print = (findings: Finding[]) => {
  for (const finding of findings) console.log(`  ${finding.line}${finding.reason ? `\n    accepted: ${finding.reason}` : ''}`);
};

const exceptions = JSON.parse(readFileSync(resolve(REPO_ROOT, 'scripts/audit-exceptions.json'), 'utf8')) as AuditExceptions;
const report = await npmAudit();
const advisories = advisoriesOf(report);
const findings: Finding[] = [];
if (advisories === null) {
  console.log(`npm audit: NOT RUN, the registry refused the audit endpoint (${report.message ?? 'no report'}). No advisory was checked.`);
} else {
  console.log(`npm audit: ${advisories.length} advisories in production dependencies.`);
  findings.push(...advisoryFindings(advisories, exceptions));
  print(findings);
}
const packages = productionPackages();
const deprecated = deprecationFindings(await deprecations(packages), exceptions);
console.log(`Registry: ${packages.length} production packages read, ${deprecated.length} deprecated.`);
print(deprecated);
findings.push(...deprecated);

const unexplained = findings.filter((finding) => finding.fails);
if (unexplained.length > 0) {
  console.error(`\n${unexplained.length} unexplained: upgrade, or add each to scripts/audit-exceptions.json with the reason.`);
  process.exit(1);
}
