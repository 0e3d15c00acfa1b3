import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { normalisePostcode } from '../../../common/survey/postcode.js';
import { PostcodeBrma } from './postcode-brma.entity.js';

/**
 * The Broad Rental Market Area of a postcode, from the lookup an operator may load (`npm run data:brma`). Optional
 * precision: when the table is empty, or cannot be read, the answer is null and the area comes from the council or
 * the person, so its absence never stops a calculation.
 */
@Injectable()
export class PostcodeBrmaLookup {
  constructor(@InjectRepository(PostcodeBrma) private readonly rows: Repository<PostcodeBrma>) {}

  async areaOf(postcode: string): Promise<string | null> {
    const normal = normalisePostcode(postcode);
    if (!normal) return null;
    try {
      return (await this.rows.findOneBy({ postcode: normal }))?.brma ?? null;
    } catch {
      return null;
    }
  }
}
