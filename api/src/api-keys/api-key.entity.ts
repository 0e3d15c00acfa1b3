import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { Organisation } from '../accounts/organisation.entity.js';
import { User } from '../accounts/user.entity.js';

/** A key an organisation's software sends in X-Api-Key to the calculation API. The secret itself is never stored. */
@Entity({ name: 'api_keys' })
@Unique('api_keys_key_hash_key', ['keyHash'])
export class ApiKey {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('api_keys_organisation_id_idx')
  @Column({ name: 'organisation_id', type: 'uuid' })
  organisationId!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  /** The first characters of the secret, shown so that people can tell their keys apart. */
  @Column({ type: 'varchar', length: 16 })
  prefix!: string;

  /** SHA-256 (hex) of the whole secret: enough to recognise it, useless to anyone who reads the table. */
  @Column({ name: 'key_hash', type: 'char', length: 64 })
  keyHash!: string;

  @Column({ name: 'daily_quota', type: 'integer' })
  dailyQuota!: number;

  @Column({ name: 'per_minute', type: 'integer' })
  perMinute!: number;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true })
  revokedAt!: Date | null;

  @Column({ name: 'last_used_at', type: 'timestamptz', nullable: true })
  lastUsedAt!: Date | null;

  @ManyToOne(() => Organisation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organisation_id', foreignKeyConstraintName: 'api_keys_organisation_id_fkey' })
  organisation?: Organisation;

  @ManyToOne(() => User, { onDelete: 'SET NULL' })
  @JoinColumn({ name: 'created_by', foreignKeyConstraintName: 'api_keys_created_by_fkey' })
  creator?: User;
}

/** One key's calls on one UK day: those answered and those refused (over the quota or the per-minute limit). */
@Entity({ name: 'api_key_usage' })
export class ApiKeyUsage {
  @PrimaryColumn({ name: 'key_id', type: 'uuid', primaryKeyConstraintName: 'api_key_usage_pkey' })
  keyId!: string;

  /** 'YYYY-MM-DD', the UK date. */
  @PrimaryColumn({ type: 'date', primaryKeyConstraintName: 'api_key_usage_pkey' })
  day!: string;

  @Column({ type: 'integer', default: 0 })
  calls!: number;

  @Column({ type: 'integer', default: 0 })
  refused!: number;

  @ManyToOne(() => ApiKey, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'key_id', foreignKeyConstraintName: 'api_key_usage_key_id_fkey' })
  key?: ApiKey;
}
