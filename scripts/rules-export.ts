/**
 * `npm run rules:export`: writes the change sets published in the policy workbench back into the repository's files
 * (engine/policy/export.ts says how), so that the next release carries them and a fresh install works out the same.
 * Reads the server's database (DATABASE_URL, or the embedded PostgreSQL under DATA_DIR, as `npm start` does; beside
 * a running server it uses the same one). Commit what it writes, after `npm run rules:test`.
 *
 *   npm run rules:export             writes the files
 *   npm run rules:export -- --check  writes nothing; exits 1 when the files do not yet hold what is published
 */
import { Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import * as prettier from 'prettier';
import { DataSource } from 'typeorm';
import { ukToday } from '../common/dates/uk-today.js';
import { validateEnvironment } from '../api/src/config/environment.js';
import { DatabaseModule } from '../api/src/database/database.module.js';
import { dataSourceOptions } from '../api/src/data-source-options.js';
import { JsonLogger } from '../api/src/logging/json-logger.js';
import { LoggingModule } from '../api/src/logging/logging.module.js';
import { readPublishedChangeSets } from '../api/src/rules-in-force/rules-versions.js';
import { planExport } from '../engine/policy/export.js';
import { diskFiles } from '../engine/source-files.js';

const check = process.argv.includes('--check');
const logger = new JsonLogger('warn', process.stderr);

@Module({
  imports: [
    ConfigModule.forRoot({ isGlobal: true, cache: true, validate: validateEnvironment }),
    LoggingModule.forRoot(logger),
    DatabaseModule.forRoot(dataSourceOptions),
  ],
})
class ExportModule {}

const context = await NestFactory.createApplicationContext(ExportModule, { logger: logger.forNest(), abortOnError: false });
let exitCode = 0;
try {
  const dataSource = context.get(DataSource);
  const published = await readPublishedChangeSets(dataSource);
  const withdrawn = (await dataSource.query<{ id: number }[]>(`SELECT id FROM policy_change_sets WHERE status = 'withdrawn'`)).map(
    ({ id }) => id,
  );
  const plan = planExport(diskFiles(), published, ukToday(), withdrawn);
  const changes: string[] = [];
  for (const [path, text] of plan.writes) {
    const file = resolve(path);
    if (text === null) {
      changes.push(`removed ${path}`);
      if (!check) rmSync(file, { force: true });
      continue;
    }
    // Written as the repository formats its JSON, so `prettier --check` stays green.
    const formatted = await prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
    const before = diskFiles().read(path);
    if (before === formatted) continue;
    changes.push(`${before === null ? 'added' : 'changed'} ${path}`);
    if (!check) {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, formatted);
    }
  }
  console.log(
    `Published change sets: ${published.length} (${plan.written.length} in force, written into the files; ${plan.scheduled.length} with a date ahead, in rulesets/scheduled/; ${plan.restored.length} reverted).`,
  );
  for (const line of changes) console.log(`  ${check ? 'would have ' : ''}${line}`);
  for (const warning of plan.warnings) console.log(`Note: ${warning}`);
  if (changes.length === 0) console.log('The files already hold every published change set.');
  else if (check) exitCode = 1;
  else console.log('Now run `npm run rules:test` and commit the files.');
} finally {
  await context.close();
}
process.exit(exitCode);
