import type { Client } from '../../../common/adviser/model.js';
import { isoToUkDate, ukDate } from '../../../common/dates/calendar.js';
import type { SignedInUser } from '../access/signed-in-user.js';

/**
 * A client as the adviser screens show them: read by the adviser API and by the survey and
 * results pages' Adviser Section. The dates are those of the client's newest calculation still listed.
 */

export interface ClientRow {
  id: string;
  first_name: string;
  last_name: string;
  date_of_birth: string;
  client_number: string;
  case_reference: string;
  case_notes: string;
  latest_created_at: Date | null;
  latest_updated_at: Date | null;
}

/** The columns of ClientRow, from `clients c` joined with LATEST_CALCULATION. */
export const CLIENT_COLUMNS = `c.id, c.first_name, c.last_name, to_char(c.date_of_birth, 'YYYY-MM-DD') AS date_of_birth, c.client_number, c.case_reference, c.case_notes,
  latest.created_at AS latest_created_at, latest.updated_at AS latest_updated_at`;

/** $1: the oldest calculation still listed. The client's newest calculation still listed (younger than 6 months), for the dates the client panel shows. */
export const LATEST_CALCULATION = `LEFT JOIN LATERAL (
    SELECT s.created_at, s.updated_at FROM calculation_sessions s
     WHERE s.client_id = c.id AND s.created_at >= $1 ORDER BY s.created_at DESC LIMIT 1
  ) latest ON true`;

export function clientOf(row: ClientRow): Client {
  const dateOfBirth = isoToUkDate(row.date_of_birth);
  return {
    clientGuid: row.id,
    displayName: `${row.first_name} ${row.last_name}`,
    firstName: row.first_name,
    lastName: row.last_name,
    dateOfBirth,
    clientNumber: row.client_number,
    caseReference: row.case_reference,
    caseNotes: row.case_notes,
    // What the typeahead lists: enough to tell two clients of the same name apart.
    searchName: `${row.last_name}, ${row.first_name} (${dateOfBirth})`,
    calculationCreateDate: row.latest_created_at ? ukDate(row.latest_created_at) : null,
    calculationUpdateDate: row.latest_updated_at ? ukDate(row.latest_updated_at) : null,
  };
}

/** A client of the organisation, or null. `oldestListed` is the creation time of the oldest calculation still listed. */
export async function findOrganisationClient(
  queryable: { query<T>(sql: string, parameters: unknown[]): Promise<T> },
  clientGuid: string,
  organisationId: string,
  oldestListed: Date,
): Promise<Client | null> {
  const [row] = await queryable.query<ClientRow[]>(
    `SELECT ${CLIENT_COLUMNS} FROM clients c ${LATEST_CALCULATION} WHERE c.id = $2 AND c.organisation_id = $3`,
    [oldestListed, clientGuid, organisationId],
  );
  return row ? clientOf(row) : null;
}

/**
 * The client of the Adviser Section on the survey and results pages: shown to an
 * adviser or organisation admin opening a calculation of their organisation's client, to no one else.
 */
export async function adviserClientOf(
  queryable: { query<T>(sql: string, parameters: unknown[]): Promise<T> },
  clientId: string | null,
  account: SignedInUser | null | undefined,
  oldestListed: Date,
): Promise<Client | null> {
  if (!clientId || !account || (account.role !== 'adviser' && account.role !== 'organisation-admin')) return null;
  return findOrganisationClient(queryable, clientId, account.organisationId, oldestListed);
}
