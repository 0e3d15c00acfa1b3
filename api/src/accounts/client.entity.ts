import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Organisation } from './organisation.entity.js';
import { User } from './user.entity.js';

/**
 * A person an organisation advises. Owned by one adviser ('Only my clients'); every adviser of the organisation
 * may see it ('All clients in my organisation'). The id is the clientGuid the adviser calls use.
 */
@Entity({ name: 'clients' })
export class ClientRecord {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Index('clients_organisation_id_idx')
  @Column({ name: 'organisation_id', type: 'uuid' })
  organisationId!: string;

  /** The adviser who owns the client. */
  @Index('clients_adviser_id_idx')
  @Column({ name: 'adviser_id', type: 'uuid' })
  adviserId!: string;

  @Column({ name: 'first_name', type: 'varchar', length: 100 })
  firstName!: string;

  @Column({ name: 'last_name', type: 'varchar', length: 100 })
  lastName!: string;

  /** A calendar date with no time zone: 'YYYY-MM-DD' as TypeORM reads it. */
  @Column({ name: 'date_of_birth', type: 'date' })
  dateOfBirth!: string;

  @Column({ name: 'client_number', type: 'varchar', length: 50, default: '' })
  clientNumber!: string;

  @Column({ name: 'case_reference', type: 'varchar', length: 20, default: '' })
  caseReference!: string;

  @Column({ name: 'case_notes', type: 'varchar', length: 2000, default: '' })
  caseNotes!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @ManyToOne(() => Organisation, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'organisation_id', foreignKeyConstraintName: 'clients_organisation_id_fkey' })
  organisation?: Organisation;

  @ManyToOne(() => User, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'adviser_id', foreignKeyConstraintName: 'clients_adviser_id_fkey' })
  adviser?: User;
}
