import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Wrong passwords are counted per account and network, not per account: five wrong passwords from one
 * network lock sign-in to that account from that network only, so someone elsewhere cannot lock an adviser out. The
 * count is kept for any e-mail address typed, with or without an account, so the lock does not tell which addresses
 * have one. The key is a SHA-256 digest: neither the address nor the network is kept as it is.
 */
export class SignInLocksPerAccountAndNetwork1795720000000 implements MigrationInterface {
  name = 'SignInLocksPerAccountAndNetwork1795720000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE sign_in_locks (
        key char(64) NOT NULL,
        failed_sign_ins integer NOT NULL DEFAULT 0,
        locked_until timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT sign_in_locks_pkey PRIMARY KEY (key)
      )`);
    await queryRunner.query(`CREATE INDEX sign_in_locks_updated_at_idx ON sign_in_locks (updated_at)`);
    await queryRunner.query(`ALTER TABLE users DROP COLUMN failed_sign_ins, DROP COLUMN locked_until`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE users ADD COLUMN failed_sign_ins integer NOT NULL DEFAULT 0, ADD COLUMN locked_until timestamptz`);
    await queryRunner.query('DROP TABLE sign_in_locks');
  }
}
