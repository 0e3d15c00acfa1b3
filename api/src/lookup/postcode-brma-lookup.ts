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

  /** The areas of many postcodes in one query (a caseload run's clients), keyed by the postcode as given. */
  async areasOf(postcodes: readonly string[]): Promise<Map<string, string>> {
    const normal = new Map(postcodes.map((postcode) => [postcode, normalisePostcode(postcode)] as const));
    const wanted = [...new Set([...normal.values()].filter((postcode): postcode is string => Boolean(postcode)))];
    if (wanted.length === 0) return new Map();
    try {
      const rows = await this.rows.query<{ postcode: string; brma: string }[]>(
        `SELECT postcode, brma FROM postcode_brmas WHERE postcode = ANY($1::text[])`,
        [wanted],
      );
      const areas = new Map(rows.map((row) => [row.postcode, row.brma]));
      return new Map(
        [...normal].flatMap(([given, postcode]) => (postcode && areas.has(postcode) ? [[given, areas.get(postcode)!] as const] : [])),
      );
    } catch {
      return new Map();
    }
  }
}
