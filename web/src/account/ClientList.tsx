import { useEffect, useState } from 'react';
import type { AccountClient, AccountClientsResponse } from '../../../common/accounts/model';
import { answerOf, api } from '../api/client';
import { LoadingSpinner } from '../shared/LoadingSpinner';

/** The organisation's clients, each with its Edit Client link; for an organisation admin. */
export function ClientList() {
  const [clients, setClients] = useState<AccountClient[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    answerOf<AccountClientsResponse>(api.GET('/api/account/clients'))
      .then((answer) => current && setClients(answer.clients))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, []);

  if (failed) return <p role="alert">Sorry, the clients could not be loaded. Please reload the page.</p>;
  if (!clients) return <LoadingSpinner />;
  return (
    <>
      <p>
        <a className="button" href="/account/clients/new">
          Add New Client
        </a>
      </p>
      {clients.length === 0 ? (
        <p>Your organisation has no clients yet.</p>
      ) : (
        <table className="account-table">
          <caption className="visually-hidden">Your organisation’s clients</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Date of birth</th>
              <th scope="col">Client number</th>
              <th scope="col">Adviser</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {clients.map((client) => (
              <tr key={client.clientGuid}>
                <td>
                  {client.firstName} {client.lastName}
                </td>
                <td>{client.dateOfBirth}</td>
                <td>{client.clientNumber}</td>
                <td>{client.adviserName}</td>
                <td>
                  <a href={`/account/clients/${encodeURIComponent(client.clientGuid)}`}>
                    Edit Client
                    <span className="visually-hidden">
                      : {client.firstName} {client.lastName}
                    </span>
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
