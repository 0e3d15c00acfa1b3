import type { Pool, QueryResultRow } from 'pg';
import type { DataSource } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver.js';

/**
 * A statement of the hottest requests, sent as a named prepared statement on the pool TypeORM keeps: each pooled
 * connection has PostgreSQL parse and plan it once, then only binds and runs it, where `dataSource.query` has it
 * parsed and planned again every time (and builds a query runner for it). `name` must be unique to `text`.
 */
export async function runPrepared<Row extends QueryResultRow>(
  dataSource: DataSource,
  name: string,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  const pool = (dataSource.driver as PostgresDriver).master as Pool;
  return (await pool.query<Row>({ name, text, values })).rows;
}
