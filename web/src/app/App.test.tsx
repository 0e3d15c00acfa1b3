import { jest } from '@jest/globals';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { testSiteConfig } from '../site/test-site-config';
import { LoadingSpinner } from '../shared/LoadingSpinner';
import { App } from './App';

function renderAt(pathname: string, search = '', site = testSiteConfig) {
  return render(<App site={site} location={{ pathname, search }} />);
}

/** For the screens that load on demand: render, and let the screen arrive, as React's act() expects. */
async function renderLoadedAt(pathname: string, search = '') {
  await act(async () => {
    renderAt(pathname, search);
    await import('../shared/UnbuiltPage');
  });
}

afterEach(() => document.querySelectorAll('script[data-container]').forEach((script) => script.remove()));

describe('the shared chrome on the public site', () => {
  it('has skip links first, a header with donate, menu and main navigation, and the main content', () => {
    renderAt('/');
    const links = screen.getAllByRole('link');
    expect(links[0]).toHaveProperty('textContent', 'Skip to main content');
    expect(links[0].getAttribute('href')).toBe('#main-content');
    expect(links[1].getAttribute('href')).toBe('#site-footer');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Donate' }).getAttribute('href')).toBe('https://www.example.org/donate');
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(navigation)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Get support', 'Get involved', 'Policy Campaigns & research', 'Services for organisations', 'About us', 'Log in']);
    expect(screen.getByRole('main').id).toBe('main-content');
  });

  it('opens and closes the menu with its toggle, saying which state it is in', () => {
    renderAt('/');
    const toggle = screen.getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    const navigation = screen.getByRole('navigation', { name: 'Main' });
    expect(toggle.getAttribute('aria-controls')).toBe(navigation.id);
    fireEvent.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(navigation.className).toContain('main-navigation--open');
  });

  it('sends the member-area login back to the page the visitor was on', async () => {
    await renderLoadedAt('/result/abc', '?id=cap_live');
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe(
      '/account/sign-in?returnUrl=%2Fresult%2Fabc%3Fid%3Dcap_live',
    );
  });

  it('reads Your account instead of Log in while an adviser is signed in', async () => {
    // The readable CSRF cookie comes and goes with the account session.
    document.cookie = 'csrf=token-of-the-session; path=/';
    try {
      await renderLoadedAt('/result/abc', '?id=cap_live');
      expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
      expect(screen.getByRole('link', { name: 'Your account' }).getAttribute('href')).toBe(
        '/account/sign-in?returnUrl=%2Fresult%2Fabc%3Fid%3Dcap_live',
      );
    } finally {
      document.cookie = 'csrf=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
    }
  });

  it('has a footer with its links, social links, mailing-list signup, back to top, registration and copyright 2025', () => {
    renderAt('/');
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('navigation', { name: 'Footer' })).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Facebook' })).toBeTruthy();
    const email = within(footer).getByLabelText('Email address') as HTMLInputElement;
    expect(email.type).toBe('email');
    expect(email.form?.getAttribute('action')).toBe('https://www.example.org/newsletter-signup');
    expect(within(footer).getByRole('link', { name: 'Back to top' }).getAttribute('href')).toBe('#top');
    expect(document.getElementById('top')).not.toBeNull();
    expect(footer.textContent).toContain('Run by a charity registered in England and Wales and in Scotland.');
    expect(footer.textContent).toContain('© 2025 Benefits Calculator');
    expect(within(footer).getByRole('img', { name: 'Registered with the Fundraising Regulator' })).toBeTruthy();
  });

  it('loads no chat widget when no chat script is configured', () => {
    renderAt('/');
    expect(document.getElementById('chat-widget')).toBeNull();
    expect(document.querySelector('script[data-container="chat-widget"]')).toBeNull();
  });

  it('loads the chat script into its holder when one is configured', () => {
    renderAt('/', '', { ...testSiteConfig, chatScriptUrl: 'https://chat.example.org/widget.js' });
    expect(document.getElementById('chat-widget')?.className).toBe('chat-widget');
    expect(document.querySelector('script[data-container="chat-widget"]')?.getAttribute('src')).toBe('https://chat.example.org/widget.js');
  });
});

describe('in a partner’s portal', () => {
  it('shows no header, footer or chat, only the content, styled with the partner’s checkbox colour', () => {
    const { container } = renderAt('/', '?portal=true&id=cap_live', {
      ...testSiteConfig,
      chatScriptUrl: 'https://chat.example.org/widget.js',
    });
    expect(screen.queryByRole('banner')).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
    expect(screen.queryByText('Skip to main content')).toBeNull();
    expect(document.getElementById('chat-widget')).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Benefits Calculator');
    const site = container.querySelector('.site') as HTMLElement;
    expect(site.dataset.partner).toBe('cap_live');
    expect(site.style.getPropertyValue('--checkbox-colour')).toBe('#0b5394');
  });
});

describe('the pages', () => {
  it('starts the calculator from the landing page, keeping the query string', () => {
    renderAt('/', '?id=cap_live&ref=leaflet');
    expect(screen.getByRole('link', { name: 'Use the Benefits Calculator' }).getAttribute('href')).toBe('/survey?id=cap_live&ref=leaflet');
    expect(document.title).toBe('Benefits Calculator');
  });

  it('shows Page Not Found with a link home for an unknown address', () => {
    renderAt('/no/such/page');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Page Not Found');
    expect(screen.getByRole('link', { name: 'Go to the homepage' }).getAttribute('href')).toBe('/');
    expect(document.title).toBe('Page Not Found - Benefits Calculator');
  });

  it('loads the other screens on demand', async () => {
    // The adviser compare screen, answered 403 by the API: it arrives and shows No Access.
    globalThis.fetch = (async () =>
      ({
        ok: false,
        status: 403,
        text: async () => JSON.stringify({ statusCode: 403, code: 'NO_ACCESS', message: 'No access', errors: [] }),
      }) as Response) as typeof fetch;
    await renderLoadedAt('/adviser/compare/a,b', '?clientId=c&session=a&session=b');
    expect(await screen.findByRole('heading', { name: 'No Access' })).toBeTruthy();
  });

  it('has a loading spinner that screen readers announce', () => {
    render(<LoadingSpinner />);
    expect(screen.getByRole('status').textContent).toBe('Loading');
  });
});

describe('a screen that breaks', () => {
  it('shows the generic error page and reports the error', async () => {
    const posted: unknown[] = [];
    globalThis.fetch = (async (_url: string, init: RequestInit) => {
      posted.push(JSON.parse(init.body as string));
      return { ok: true, status: 204, text: async () => '' } as Response;
    }) as typeof fetch;
    const { ErrorBoundary } = await import('../shared/ErrorBoundary');
    const Broken = () => {
      throw new Error('render failed');
    };
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <ErrorBoundary source="Page">
        <Broken />
      </ErrorBoundary>,
    );
    quiet.mockRestore();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Oops something went wrong');
    expect(screen.getByText('We have logged this error and will try to fix the problem asap.')).toBeTruthy();
    expect(screen.getByText('Please either refresh this page or retry our website at a later time.')).toBeTruthy();
    await act(async () => undefined);
    expect(posted).toEqual([expect.objectContaining({ source: 'Page', error: expect.stringContaining('Error: render failed') })]);
  });
});
