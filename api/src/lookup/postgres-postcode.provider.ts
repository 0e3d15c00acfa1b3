import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { LookupUnavailableError } from './lookup-unavailable.error.js';
import { PostcodeLocation } from './postcode-location.entity.js';
import type { PostcodeFound, PostcodeProvider } from './postcode-provider.js';

/** Postcodes from the `postcodes` table: the 20 seeded by the migration, or the ONS Postcode Directory once loaded. */
@Injectable()
export class PostgresPostcodeProvider implements PostcodeProvider {
  constructor(@InjectRepository(PostcodeLocation) private readonly postcodes: Repository<PostcodeLocation>) {}

  async find(postcode: string): Promise<PostcodeFound | null> {
    let row: PostcodeLocation | null;
    try {
      row = await this.postcodes.findOneBy({ postcode });
    } catch (error) {
      throw new LookupUnavailableError('The postcodes table could not be read.', { cause: error });
    }
    if (!row) return null;
    return { postcode: row.postcode, authorityCode: row.localAuthorityCode, latitude: row.latitude, longitude: row.longitude };
  }
}
