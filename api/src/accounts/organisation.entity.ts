import { Check, Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An advice organisation: its advisers and admins share its clients. */
@Entity({ name: 'organisations' })
@Check('organisations_api_keys_daily_level_check', 'api_keys_daily_level > 0')
@Check('organisations_api_keys_per_minute_level_check', 'api_keys_per_minute_level > 0')
export class Organisation {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  /** The partner whose portal's management information its admins see (definitions/partners/), if any. */
  @Column({ name: 'partner_id', type: 'varchar', length: 40, nullable: true })
  partnerId!: string | null;

  /**
   * The level the service sets for its API keys (api/src/api-keys/api-key-levels.ts): households its keys in use may
   * work out a day between them. Null: the configured default (API_KEYS_DAILY_LEVEL).
   */
  @Column({ name: 'api_keys_daily_level', type: 'integer', nullable: true })
  apiKeysDailyLevel!: number | null;

  /** Calls a minute each of its keys may make at most. Null: the configured default (API_KEYS_PER_MINUTE_LEVEL). */
  @Column({ name: 'api_keys_per_minute_level', type: 'integer', nullable: true })
  apiKeysPerMinuteLevel!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
