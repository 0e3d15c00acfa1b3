import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { runPrepared } from '../database/prepared-statement.js';
import { CouncilTaxAddress, type CouncilTaxBand } from './council-tax-address.entity.js';
import { LookupUnavailableError } from './lookup-unavailable.error.js';

/** One address in the 'Bands' answer: picking it stores 'Band {band}'. */
export interface CouncilTaxAddressChoice {
  id: string;
  line1: string;
  band: CouncilTaxBand;
}

/** Where council tax bands are looked up by postcode. */
export interface CouncilTaxBandProvider {
  /**
   * The addresses at a postcode (in its standard written form) with their bands; an empty list when none are
   * known. Throws LookupUnavailableError when it cannot answer.
   */
  findAddresses(postcode: string): Promise<CouncilTaxAddressChoice[]>;
  /**
   * Whether any address is known at a postcode (in its standard written form), so the look-up is offered only where
   * it can find something. Throws LookupUnavailableError when it cannot answer.
   */
  hasAddresses(postcode: string): Promise<boolean>;
}

export const COUNCIL_TAX_BAND_PROVIDER = Symbol('COUNCIL_TAX_BAND_PROVIDER');

const HAS_ADDRESSES = `SELECT EXISTS (SELECT 1 FROM council_tax_addresses WHERE postcode = $1) AS found`;

// '2 Park Place' before '10 Park Place', as on a street.
const ADDRESS_ORDER = new Intl.Collator('en-GB', { numeric: true, sensitivity: 'base' });

/** Bands from the `council_tax_addresses` table, filled by `npm run data:bands`. */
@Injectable()
export class PostgresCouncilTaxBandProvider implements CouncilTaxBandProvider {
  constructor(@InjectRepository(CouncilTaxAddress) private readonly addresses: Repository<CouncilTaxAddress>) {}

  async findAddresses(postcode: string): Promise<CouncilTaxAddressChoice[]> {
    let rows: CouncilTaxAddress[];
    try {
      rows = await this.addresses.find({ select: { id: true, line1: true, band: true }, where: { postcode } });
    } catch (error) {
      throw new LookupUnavailableError('The council tax addresses table could not be read.', { cause: error });
    }
    return rows
      .map(({ id, line1, band }) => ({ id, line1, band }))
      .sort((first, second) => ADDRESS_ORDER.compare(first.line1, second.line1));
  }

  async hasAddresses(postcode: string): Promise<boolean> {
    try {
      // One index probe: the unique key (postcode, line1) starts with the postcode. A prepared statement, as the
      // survey's band page asks it on every showing.
      const [row] = await runPrepared<{ found: boolean }>(this.addresses.manager.connection, 'council-tax-has-addresses', HAS_ADDRESSES, [
        postcode,
      ]);
      return row.found;
    } catch (error) {
      throw new LookupUnavailableError('The council tax addresses table could not be read.', { cause: error });
    }
  }
}
