import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The level the service sets for an organisation's API keys (issue 28), set by an operator with
 * `npm run accounts:api-key-levels`: the households its keys in use may work out a day between them, and the calls a
 * minute each key may make at most. Null (every organisation to begin with) is the configured default
 * (API_KEYS_DAILY_LEVEL, API_KEYS_PER_MINUTE_LEVEL).
 */
export class ApiKeyLevelsPerOrganisation1796220000000 implements MigrationInterface {
  name = 'ApiKeyLevelsPerOrganisation1796220000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE organisations
        ADD COLUMN api_keys_daily_level integer CONSTRAINT organisations_api_keys_daily_level_check CHECK (api_keys_daily_level > 0),
        ADD COLUMN api_keys_per_minute_level integer CONSTRAINT organisations_api_keys_per_minute_level_check CHECK (api_keys_per_minute_level > 0)`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE organisations DROP COLUMN api_keys_daily_level, DROP COLUMN api_keys_per_minute_level`);
  }
}
