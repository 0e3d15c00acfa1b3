import { Check, Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, Unique } from 'typeorm';
import { Organisation } from './organisation.entity.js';
import type { AccountRole } from '../access/signed-in-user.js';

/**
 * A person who signs in: an adviser, an organisation admin, policy staff or a service administrator. The e-mail address is kept in lower
 * case so that one address is one account however it is typed. The password is kept only as a scrypt hash.
 */
@Entity({ name: 'users' })
@Unique('users_email_key', ['email'])
@Check('users_email_check', 'email = lower(email)')
@Check('users_role_check', "role IN ('adviser', 'organisation-admin', 'policy-staff', 'service-admin')")
export class User {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('users_organisation_id_idx')
  @Column({ name: 'organisation_id', type: 'uuid' })
  organisationId!: string;

  @Column({ type: 'varchar', length: 254 })
  email!: string;

  /** `scrypt$N$r$p$salt$hash` (password.ts). */
  @Column({ name: 'password_hash', type: 'varchar', length: 255 })
  passwordHash!: string;

  @Column({ type: 'varchar', length: 20 })
  role!: AccountRole;

  @Column({ name: 'display_name', type: 'varchar', length: 100 })
  displayName!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @ManyToOne(() => Organisation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organisation_id', foreignKeyConstraintName: 'users_organisation_id_fkey' })
  organisation?: Organisation;
}
