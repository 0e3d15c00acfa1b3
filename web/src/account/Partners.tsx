import { useEffect, useRef, useState } from 'react';
import { PARTNER_CHANGE_NAMES, type PartnerProposal, type PartnersResponse } from '../../../common/partners/model';
import type { PartnerDefinition } from '../../../common/site';
import { ApiRequestError } from '../api/client';
import { isErrorResponse } from '../../../common/errors';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { decidePartnerChange, partners as loadPartners, proposePartnerRemoval } from './account-api';
import { categoryName, CHROME_PART_NAMES, differences } from './partner-words';

const DATE_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'Europe/London' });
const DATE = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'Europe/London' });
const none = (values: readonly string[]) => (values.length === 0 ? 'None' : values.join(', '));

/** A new partner's whole definition, in words, for the administrator who approves it. */
function Details({ partner, benefitName }: { partner: PartnerDefinition; benefitName: (code: string) => string }) {
  return (
    <dl className="partner-details">
      <dt>Partner id</dt>
      <dd>{partner.id}</dd>
      <dt>Pages that may show the calculator</dt>
      <dd>{partner.origins.join(', ')}</dd>
      <dt>Colour</dt>
      <dd>{partner.accentColour}</dd>
      <dt>Helpline</dt>
      <dd>
        {partner.helpline.phoneNumber} ({partner.helpline.openingHours})
      </dd>
      <dt>Links</dt>
      <dd>{none(partner.links.map((link) => `${link.text} (${link.url})`))}</dd>
      <dt>What their pages hide</dt>
      <dd>{none(partner.hiddenInPortal.map((part) => CHROME_PART_NAMES[part]))}</dd>
      <dt>Benefits not shown</dt>
      <dd>{none(partner.benefits.hide.map(benefitName))}</dd>
      <dt>Extra help not shown</dt>
      <dd>{none(partner.extraHelp.hide.map(categoryName))}</dd>
    </dl>
  );
}

/**
 * The partner register for the charity's service administrators: the changes waiting for a second administrator (each
 * with what it does, to approve or reject), then the partners in force, each to change or remove.
 */
export function Partners() {
  const [register, setRegister] = useState<PartnersResponse | null>(null);
  const [failed, setFailed] = useState(false);
  const [said, setSaid] = useState<{ text: string; isError: boolean } | null>(null);
  const inFlight = useRef(false);
  const status = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    let current = true;
    loadPartners()
      .then((answer) => current && setRegister(answer))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, []);

  if (failed) return <p role="alert">The partners could not be loaded. Please reload the page.</p>;
  if (!register) return <LoadingSpinner />;
  const benefitName = (code: string) => register.benefits.find((benefit) => benefit.code === code)?.name ?? code;

  async function act(work: () => Promise<PartnersResponse | PartnerProposal>, done: string) {
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      const answer = await work();
      setRegister('partners' in answer ? answer : await loadPartners());
      setSaid({ text: done, isError: false });
    } catch (error) {
      const body = error instanceof ApiRequestError ? error.errorBody : null;
      setSaid({ text: isErrorResponse(body) ? body.message : 'Sorry, something went wrong. Please try again.', isError: true });
    } finally {
      inFlight.current = false;
      status.current?.focus();
    }
  }

  return (
    <>
      <p ref={status} tabIndex={-1} role={said?.isError ? 'alert' : 'status'} className="account-form__done">
        {said?.text}
      </p>
      <p>
        Partners show the calculator on their own websites, with their logo, colour and helpline. Every change takes effect only when a
        second service administrator approves it.
      </p>
      <div className="button-row">
        <a className="button" href="/account/partners/new">
          Register a partner
        </a>
      </div>
      <h2>Waiting for approval</h2>
      {register.proposals.length === 0 ? (
        <p>Nothing is waiting.</p>
      ) : (
        <ul className="partner-changes">
          {register.proposals.map((proposal) => {
            const shown = proposal.definition ?? proposal.current;
            const name = shown?.name ?? proposal.partnerId;
            return (
              <li key={proposal.reference} className="survey-card partner-change" aria-labelledby={`change-${proposal.reference}`}>
                <h3 id={`change-${proposal.reference}`}>
                  {PARTNER_CHANGE_NAMES[proposal.kind]}: {name}
                </h3>
                <p>
                  Sent by {proposal.proposedBy.name} on {DATE_TIME.format(new Date(proposal.proposedAt))}.
                </p>
                {proposal.kind === 'register' && proposal.definition && <Details partner={proposal.definition} benefitName={benefitName} />}
                {proposal.kind === 'change' && proposal.current && proposal.definition && (
                  <ul>
                    {differences(proposal.current, proposal.definition, benefitName).map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                )}
                {proposal.kind === 'remove' && <p>Its pages will no longer be able to show the calculator.</p>}
                {proposal.definition && proposal.definition.logo !== proposal.current?.logo && (
                  <p>
                    <img className="partner-logo-preview" src={proposal.definition.logo} alt={`${name}’s new logo`} height={40} />
                  </p>
                )}
                {proposal.whyNot && <p className="partner-change__why-not">{proposal.whyNot}</p>}
                <div className="button-row">
                  {proposal.mayApprove && (
                    <button
                      type="button"
                      className="button"
                      aria-label={`Approve: ${name}`}
                      onClick={() =>
                        act(() => decidePartnerChange(proposal.reference, 'approve'), `Approved: ${name}. It is in force now.`)
                      }
                    >
                      Approve
                    </button>
                  )}
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={`${proposal.mayApprove ? 'Reject' : 'Withdraw'}: ${name}`}
                    onClick={() =>
                      act(
                        () => decidePartnerChange(proposal.reference, 'reject'),
                        proposal.mayApprove ? `Rejected: ${name}. Nothing has changed.` : `Withdrawn: ${name}. Nothing has changed.`,
                      )
                    }
                  >
                    {proposal.mayApprove ? 'Reject' : 'Withdraw'}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <h2>Partners</h2>
      <table className="account-table">
        <caption className="visually-hidden">The partners whose pages may show the calculator</caption>
        <thead>
          <tr>
            <th scope="col">Partner</th>
            <th scope="col">Pages that may show the calculator</th>
            <th scope="col">Registered</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {register.partners.map(({ definition, source, approvedBy, approvedAt }) => (
            <tr key={definition.id}>
              <td>
                {definition.name}
                <br />
                <span className="account-table__note">Id: {definition.id}</span>
              </td>
              <td>{definition.origins.join(', ')}</td>
              <td>
                {source === 'file' || !approvedAt
                  ? 'When the service was installed'
                  : `Approved by ${approvedBy?.name ?? 'a service administrator'} on ${DATE.format(new Date(approvedAt))}`}
              </td>
              <td>
                <a href={`/account/partners/${definition.id}`}>
                  Change<span className="visually-hidden"> {definition.name}</span>
                </a>{' '}
                <button
                  type="button"
                  className="link-button"
                  onClick={() =>
                    act(
                      () => proposePartnerRemoval(definition.id),
                      `Removing ${definition.name} is waiting for a second service administrator to approve it.`,
                    )
                  }
                >
                  Remove<span className="visually-hidden"> {definition.name}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
