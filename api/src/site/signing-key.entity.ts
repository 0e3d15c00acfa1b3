import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A key the server signs with (the portal pass's): random, made once, shared by every process. Never logged or shown. */
@Entity({ name: 'signing_keys' })
export class SigningKey {
  @PrimaryColumn({ type: 'varchar', length: 40, primaryKeyConstraintName: 'signing_keys_pkey' })
  purpose!: string;

  @Column({ type: 'bytea' })
  secret!: Buffer;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
