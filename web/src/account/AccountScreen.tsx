import { useCallback, useEffect, useRef, useState } from 'react';
import { ROLE_NAMES, type AccountStatus } from '../../../common/accounts/model';
import { navigateByPageLoad, type Navigate } from '../landing/navigation';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { NotFoundPage } from '../shared/NotFoundPage';
import { usePageTitle } from '../shared/page-title';
import { accountStatus, signOut } from './account-api';
import { AddMemberForm } from './AddMemberForm';
import { ApiKeys } from './ApiKeys';
import { ClientForm } from './ClientForm';
import { ClientList } from './ClientList';
import { ManagementInformation } from './ManagementInformation';
import { PartnerForm } from './PartnerForm';
import { Partners } from './Partners';
import { returnUrlOf } from './return-url';
import { SignInForm } from './SignInForm';

/** What /account/... shows: the account page (or sign-in), and the organisation admin's forms. */
export type AccountView =
  | { view: 'home' }
  | { view: 'addMember' }
  | { view: 'clients' }
  | { view: 'client'; clientGuid: string | null }
  | { view: 'apiKeys' }
  | { view: 'managementInformation' }
  | { view: 'partners' }
  | { view: 'partner'; partnerId: string | null };

const TITLES: Record<AccountView['view'], string> = {
  home: 'Your account',
  addMember: 'Add an adviser',
  clients: 'Clients',
  client: 'Client',
  apiKeys: 'API keys',
  managementInformation: 'Management information',
  partners: 'Partners',
  partner: 'Partner',
};

function titleOf(view: AccountView, status: AccountStatus | null): string {
  if (status && !status.signedIn) return 'Sign in';
  if (view.view === 'client') return view.clientGuid ? 'Edit Client' : 'Add New Client';
  if (view.view === 'partner') return view.partnerId ? 'Change a partner' : 'Register a partner';
  return TITLES[view.view];
}

/**
 * The member area: sign in with the return URL of the header's login link, sign out, and for an
 * organisation admin the pages that add advisers and add or edit clients. The admin pages ask the visitor to sign
 * in first, and come back to themselves afterwards.
 */
export default function AccountScreen({
  route,
  pathname,
  search,
  navigate = navigateByPageLoad,
}: {
  route: AccountView;
  pathname: string;
  search: string;
  navigate?: Navigate;
}) {
  const [status, setStatus] = useState<AccountStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const [clientMissing, setClientMissing] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const title = clientMissing ? 'Page Not Found' : titleOf(route, status);
  usePageTitle(title);

  useEffect(() => {
    let current = true;
    accountStatus()
      .then((answer) => current && setStatus(answer))
      .catch(() => current && setFailed(true));
    return () => {
      current = false;
    };
  }, []);

  const onNotFound = useCallback(() => setClientMissing(true), []);

  if (failed) {
    return (
      <div className="message-page">
        <h1>Sorry, something went wrong</h1>
        <p role="alert">Your account could not be loaded. Please reload the page or try again later.</p>
      </div>
    );
  }
  if (!status) return <LoadingSpinner />;
  if (clientMissing) return <NotFoundPage />;

  if (!status.signedIn || !status.user) {
    // The admin pages come back to themselves after signing in; the account page to the link's return URL.
    const returnUrl = route.view === 'home' ? returnUrlOf(search) : pathname;
    return (
      <div className="message-page account-page">
        <h1>Sign in</h1>
        <p>Sign in to the adviser area with the e-mail address and password your organisation gave you.</p>
        <SignInForm
          onSignedIn={(answer) => {
            if (returnUrl) navigate(returnUrl);
            else {
              setStatus(answer);
              heading.current?.focus();
            }
          }}
        />
      </div>
    );
  }

  const user = status.user;
  const isAdmin = user.role === 'organisation-admin';

  async function signOutNow() {
    try {
      setStatus(await signOut());
    } catch {
      setFailed(true);
    }
  }

  // Advisers add and edit clients too; the organisation's people, API keys and figures are the admin's.
  const isAdviser = user.role === 'adviser';
  const adviserMayOpen = isAdviser && (route.view === 'clients' || route.view === 'client');
  const isPartnerView = route.view === 'partners' || route.view === 'partner';
  const isServiceAdmin = user.role === 'service-admin';
  if (isPartnerView && !isServiceAdmin) {
    return (
      <div className="message-page account-page">
        <h1>{title}</h1>
        <p>Only the charity’s service administrators can register partners. Please ask one of them.</p>
        <p>
          <a href="/account/">Back to your account</a>
        </p>
      </div>
    );
  }
  if (route.view !== 'home' && !isPartnerView && !isAdmin && !adviserMayOpen) {
    return (
      <div className="message-page account-page">
        <h1>{title}</h1>
        <p>
          Only an organisation admin can add advisers, manage API keys or see the management information. Please ask your organisation
          admin.
        </p>
        <p>
          <a href="/adviser/">Go to the Adviser Area</a>
        </p>
      </div>
    );
  }

  return (
    <div className="message-page account-page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {route.view === 'home' && (
        <>
          <p>
            You are signed in as <strong>{user.displayName}</strong> ({ROLE_NAMES[user.role]}) at {user.organisationName}.
          </p>
          <ul className="account-links">
            {user.role === 'policy-staff' ? (
              <li>
                <a href="/policy/">Go to the policy workbench</a>
              </li>
            ) : isServiceAdmin ? (
              <li>
                <a href="/account/partners">Partners: register, change or remove a partner</a>
              </li>
            ) : (
              <li>
                <a href="/adviser/">Go to the Adviser Area</a>
              </li>
            )}
            {(isAdmin || isAdviser) && (
              <>
                <li>
                  <a href="/account/clients/new">Add New Client</a>
                </li>
                <li>
                  <a href="/account/clients">Your organisation’s clients</a>
                </li>
              </>
            )}
            {isAdmin && (
              <>
                <li>
                  <a href="/account/users/new">Add an adviser</a>
                </li>
                <li>
                  <a href="/account/api-keys">API keys for the calculation API</a>
                </li>
                <li>
                  <a href="/account/management-information">Management information</a>
                </li>
              </>
            )}
          </ul>
          {returnUrlOf(search) && (
            <p>
              <a href={returnUrlOf(search)!}>Go back to the page you were on</a>
            </p>
          )}
          <div className="button-row">
            <button type="button" className="button button--secondary" onClick={signOutNow}>
              Sign out
            </button>
          </div>
        </>
      )}
      {route.view === 'addMember' && <AddMemberForm />}
      {route.view === 'clients' && <ClientList />}
      {route.view === 'apiKeys' && <ApiKeys />}
      {route.view === 'client' && <ClientForm clientGuid={route.clientGuid} user={user} onNotFound={onNotFound} navigate={navigate} />}
      {route.view === 'managementInformation' && <ManagementInformation />}
      {route.view === 'partners' && <Partners />}
      {route.view === 'partner' && <PartnerForm partnerId={route.partnerId} />}
      {route.view === 'partner' && (
        <p>
          <a href="/account/partners">Back to the partners</a>
        </p>
      )}
      {route.view !== 'home' && (
        <p>
          <a href="/account/">Back to your account</a>
        </p>
      )}
    </div>
  );
}
