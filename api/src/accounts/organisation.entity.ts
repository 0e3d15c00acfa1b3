import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** An advice organisation: its advisers and admins share its clients. */
@Entity({ name: 'organisations' })
export class Organisation {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ type: 'varchar', length: 200 })
  name!: string;

  /** The partner whose portal's management information its admins see (definitions/partners/), if any. */
  @Column({ name: 'partner_id', type: 'varchar', length: 40, nullable: true })
  partnerId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
