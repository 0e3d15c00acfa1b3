// The yardstick of `npm run bench:survey`: a bare NestJS app on the same stack as the API (Nest with the Express
// platform, TypeORM, pg, the same pool) with one route that stores its JSON body with one PostgreSQL INSERT. No
// guards, pipes, logging or security headers: what any POST that writes one row costs on this machine, so that the
// survey POST's figures can be given as a ratio of it. Started by bench/survey-post.ts as a child process:
// `node --import ./scripts/register-typescript.mjs bench/bare-insert-server.ts` with DATABASE_URL and PORT set; it
// prints 'listening' when it takes requests.
import 'reflect-metadata';
import { Body, Controller, HttpCode, Module, Post } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { InjectRepository, TypeOrmModule } from '@nestjs/typeorm';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, type Repository } from 'typeorm';

@Entity('bench_bare_inserts')
export class BareInsert {
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id!: string;

  @Column({ type: 'jsonb' })
  body!: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}

@Controller('bare')
class BareInsertController {
  constructor(@InjectRepository(BareInsert) private readonly rows: Repository<BareInsert>) {}

  @Post('insert')
  @HttpCode(200)
  async insert(@Body() body: Record<string, unknown>): Promise<{ stored: true }> {
    await this.rows.insert({ body: body as BareInsert['body'] & object });
    return { stored: true };
  }
}

const url = process.env.DATABASE_URL;
const port = Number(process.env.PORT);
if (!url || !Number.isInteger(port)) throw new Error('bench/bare-insert-server.ts needs DATABASE_URL and PORT.');

@Module({
  imports: [
    // The pool the API uses (api/src/database/data-source-options.ts): 10 connections. The table is the bench's own,
    // made here rather than by a migration, since this app is a measuring stick and nothing else.
    TypeOrmModule.forRoot({
      type: 'postgres',
      url,
      applicationName: 'bench-bare-insert',
      entities: [BareInsert],
      synchronize: true,
      logging: false,
      extra: { max: 10, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30000 },
    }),
    TypeOrmModule.forFeature([BareInsert]),
  ],
  controllers: [BareInsertController],
})
class BareInsertModule {}

const app = await NestFactory.create<NestExpressApplication>(BareInsertModule, { logger: false });
app.enableShutdownHooks();
await app.listen(port, '127.0.0.1');
process.stdout.write('listening\n');
